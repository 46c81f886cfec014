// Success rates and typical number of appointments per service area (docs/product-rules.md §9), kept apart from the longer
// service copy so pages that only quote the figures do not ship the rest.

export type ServiceAreaId = 'habits' | 'anxiety' | 'pain' | 'weight' | 'sports' | 'sales' | 'professional';

export interface ServiceRate {
  /** Success rate in percent, as reported by clients. */
  successRate: number;
  /** Typical number of appointments, e.g. '2-3'. */
  appointments: string;
}

export const serviceRates: Record<ServiceAreaId, ServiceRate> = {
  habits: { successRate: 78, appointments: '2-3' },
  anxiety: { successRate: 85, appointments: '2-3' },
  pain: { successRate: 72, appointments: '2-3' },
  weight: { successRate: 69, appointments: '3-5' },
  sports: { successRate: 82, appointments: '3-5' },
  sales: { successRate: 96, appointments: '4-6' },
  professional: { successRate: 94, appointments: '3-5' },
};
