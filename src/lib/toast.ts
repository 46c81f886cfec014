import type { ExternalToast } from 'sonner';

// Toasts without sonner in the first page's JavaScript: calls are queued until the lazily loaded
// <Toaster> is mounted (LazyToaster), then passed to sonner.
type Variant = 'default' | 'success' | 'error';
interface QueuedToast {
  variant: Variant;
  title: string;
  options?: ExternalToast;
}

type Listener = (toast: QueuedToast) => void;
let listener: Listener | null = null;
const queue: QueuedToast[] = [];
const requestListeners = new Set<() => void>();

/** What observers (the accessibility announcer) hear about each toast. */
export interface ToastNotice {
  title: string;
  description?: string;
}
const observers = new Set<(notice: ToastNotice) => void>();

function push(toast: QueuedToast) {
  const description = toast.options?.description;
  const notice: ToastNotice = { title: toast.title, ...(typeof description === 'string' ? { description } : {}) };
  observers.forEach((observe) => observe(notice));
  if (listener) listener(toast);
  else {
    queue.push(toast);
    requestListeners.forEach((notify) => notify());
  }
}

export const toast = {
  message: (title: string, options?: ExternalToast) => push({ variant: 'default', title, options }),
  success: (title: string, options?: ExternalToast) => push({ variant: 'success', title, options }),
  error: (title: string, options?: ExternalToast) => push({ variant: 'error', title, options }),
};

/** Called by LazyToaster when sonner is ready: drains the queue and takes later toasts directly. */
export function attachToastListener(next: Listener): () => void {
  listener = next;
  queue.splice(0).forEach(next);
  return () => {
    if (listener === next) listener = null;
  };
}

/** Lets LazyToaster load sonner the first time a toast is requested. */
export function onToastRequested(notify: () => void): () => void {
  requestListeners.add(notify);
  if (queue.length > 0) notify();
  return () => requestListeners.delete(notify);
}

/** Hears every toast as it is shown (the accessibility settings echo them to their live region). */
export function observeToasts(observe: (notice: ToastNotice) => void): () => void {
  observers.add(observe);
  return () => observers.delete(observe);
}
