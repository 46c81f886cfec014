// Element hand-over (docs/audio-links.md "Listening across expiry"): while a track plays, a renewed link is
// loaded on a second element at the same position; once it can play it takes over without a gap and the old
// element is released. On any failure (an error, a timeout, the listener moved on) the old element keeps playing.

/** How long a new element may take to load the refreshed link before the engine keeps the old one. */
export const HANDOVER_TIMEOUT_MS = 20_000;

/** Resolves true when `element` fires `event`, false on an error or after `timeoutMs`. */
function eventOrTimeout(element: HTMLMediaElement, event: string, timeoutMs: number): Promise<boolean> {
  return new Promise((resolve) => {
    const finish = (ok: boolean) => {
      clearTimeout(timer);
      element.removeEventListener(event, onEvent);
      element.removeEventListener('error', onError);
      resolve(ok);
    };
    const onEvent = () => finish(true);
    const onError = () => finish(false);
    const timer = setTimeout(() => finish(false), timeoutMs);
    element.addEventListener(event, onEvent);
    element.addEventListener('error', onError);
  });
}

/** Stops an element's download and playback for good. */
export function release(element: HTMLMediaElement): void {
  element.pause();
  element.removeAttribute('src');
  element.load();
}

/**
 * A new element playing `url` from where `current` is, buffered and ready to take over; null (the new one
 * released) when it fails to load, seek or buffer in time, or when `stillWanted` says the listener moved on
 * (another track, a pause). The caller swaps the elements.
 */
export async function prepareHandover(
  current: HTMLMediaElement,
  url: string,
  stillWanted: () => boolean,
  createElement: () => HTMLAudioElement = () => new Audio(),
): Promise<HTMLAudioElement | null> {
  const next = createElement();
  next.preload = 'auto';
  next.src = url;
  const give = () => {
    release(next);
    return null;
  };
  if (!(await eventOrTimeout(next, 'loadedmetadata', HANDOVER_TIMEOUT_MS)) || !stillWanted()) return give();
  next.currentTime = current.currentTime;
  if (!(await eventOrTimeout(next, 'seeked', HANDOVER_TIMEOUT_MS))) return give();
  if (next.readyState < 3 && !(await eventOrTimeout(next, 'canplay', HANDOVER_TIMEOUT_MS))) return give();
  if (!stillWanted()) return give();
  // Catch up with what played meanwhile: a seek inside what the new element has buffered.
  next.currentTime = current.currentTime;
  return next;
}
