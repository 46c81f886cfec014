import { site } from '@/config/site';

// The scheduler's inline-embed API (docs/reference/scheduler-and-payments.md), typed for the parts we use.

export interface InlineWidgetOptions {
  url: string;
  parentElement: HTMLElement;
  prefill?: Record<string, string>;
  utm?: Record<string, string>;
}

export interface SchedulerApi {
  initInlineWidget(options: InlineWidgetOptions): void;
}

declare global {
  interface Window {
    Calendly?: SchedulerApi;
  }
}

export function schedulerApi(): SchedulerApi | undefined {
  const api = typeof window === 'undefined' ? undefined : window.Calendly;
  return typeof api?.initInlineWidget === 'function' ? api : undefined;
}

export type SchedulerEventName =
  | 'calendly.profile_page_viewed'
  | 'calendly.event_type_viewed'
  | 'calendly.date_and_time_selected'
  | 'calendly.event_scheduled'
  | 'calendly.page_height';

/**
 * The widget's event name, for a message that really comes from the scheduler; undefined for anything else
 * (other origins, other message shapes). The payload itself is never needed here.
 */
export function schedulerEventName(event: MessageEvent): SchedulerEventName | undefined {
  if (event.origin !== site.scheduler.origin) return undefined;
  const data: unknown = event.data;
  if (typeof data !== 'object' || data === null) return undefined;
  const name = (data as { event?: unknown }).event;
  return typeof name === 'string' && name.startsWith('calendly.') ? (name as SchedulerEventName) : undefined;
}
