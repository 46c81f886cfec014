import { isoDay } from './file-names';
import type { ServerAccountData } from './account-api';

/** The settings this browser stores for the visitor, gathered by the page (cookie and accessibility choices). */
export type BrowserSettings = Record<string, unknown>;

export interface AccountExport extends ServerAccountData {
  exportedAt: string;
  browserSettings: BrowserSettings;
}

/** The JSON document of `Download my data`: account, purchases, orders, appointments, listening positions and sessions (the practice log), what the practitioner assigned and its progress, the health form and reminder settings, and this browser's stored settings. */
export function buildAccountExport(
  server: ServerAccountData,
  browserSettings: BrowserSettings,
  now: Date,
): AccountExport {
  return {
    exportedAt: now.toISOString(),
    account: server.account,
    purchases: server.purchases,
    orders: server.orders,
    appointments: server.appointments,
    listeningPositions: server.listeningPositions,
    listeningSessions: server.listeningSessions,
    assignments: server.assignments,
    programmeProgress: server.programmeProgress,
    intake: server.intake,
    clientSettings: server.clientSettings,
    browserSettings,
  };
}

/** The export's file name: a date only, never a title or an email (docs/product-rules.md D26 "Health data"). */
export function exportFileName(now: Date, name: (date: string) => string): string {
  return name(isoDay(now));
}
