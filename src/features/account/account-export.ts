import { useMutation } from '@tanstack/react-query';
import { getSupabase } from '@/lib/supabase';
import { fetchAccountData, type ServerAccountData } from './api/account-data';
import { isoDay } from './file-names';
import { saveBlob } from './save-file';

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

interface AccountDataDownload {
  /** This browser's settings, read at export time. */
  browser: BrowserSettings;
  fileName: (date: string) => string;
}

/** Collects the account's data and saves it as a JSON file. */
async function downloadAccountData({ browser, fileName }: AccountDataDownload): Promise<void> {
  const server = await fetchAccountData(await getSupabase());
  const now = new Date();
  const document_ = buildAccountExport(server, browser, now);
  const blob = new Blob([`${JSON.stringify(document_, null, 2)}\n`], { type: 'application/json' });
  saveBlob(blob, exportFileName(now, fileName));
}

/** 'Download my data': a read saved as a file, so it refreshes nothing; a failure is logged without its data. */
export function useDownloadAccountData() {
  return useMutation({
    mutationFn: downloadAccountData,
    onError: (error: unknown) =>
      console.warn('Data export failed:', error instanceof Error ? error.message : String(error)),
  });
}
