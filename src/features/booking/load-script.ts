// Loads an external script once per page. The DOM is the only record: a second caller (another component,
// a remount, a tag someone else added) finds the same <script> and waits on it instead of adding another.

type LoadState = 'loading' | 'loaded' | 'error';

function findScript(src: string): HTMLScriptElement | undefined {
  return Array.from(document.scripts).find((script) => script.getAttribute('src') === src);
}

function trackState(script: HTMLScriptElement): void {
  if (script.dataset.loadState) return;
  script.dataset.loadState = 'loading';
  script.addEventListener('load', () => (script.dataset.loadState = 'loaded'), { once: true });
  script.addEventListener('error', () => (script.dataset.loadState = 'error'), { once: true });
}

/**
 * Resolves when `isReady()` holds (the script's global exists), rejects when the script fails to load or
 * loads without defining its global. Adds the <script> only if the page has none with this `src`.
 */
export function loadScriptOnce(src: string, isReady: () => boolean): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    if (isReady()) {
      resolve();
      return;
    }
    let script = findScript(src);
    const state = script?.dataset.loadState as LoadState | undefined;
    if (state === 'error') {
      reject(new Error(`Script failed to load: ${src}`));
      return;
    }
    if (state === 'loaded') {
      reject(new Error(`Script loaded but is not ready: ${src}`));
      return;
    }
    if (!script) {
      script = document.createElement('script');
      script.src = src;
      script.async = true;
      trackState(script);
      document.head.appendChild(script);
    } else {
      trackState(script);
    }
    script.addEventListener(
      'load',
      () => (isReady() ? resolve() : reject(new Error(`Script loaded but is not ready: ${src}`))),
      { once: true },
    );
    script.addEventListener('error', () => reject(new Error(`Script failed to load: ${src}`)), {
      once: true,
    });
  });
}
