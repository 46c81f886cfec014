// What this browser can do with large files, and how much room it has (docs/offline-listening.md).

export interface StorageEstimateInfo {
  /** Bytes this site uses. */
  usage: number;
  /** Bytes this site may use. */
  quota: number;
}

/**
 * Below this quota a browser cannot be trusted with a library of long tracks. iOS Safari and some locked-down
 * browsers give a site far less, or evict its files after a week without a visit.
 */
export const MIN_QUOTA_BYTES = 300 * 1024 * 1024;

export interface BrowserFacts {
  userAgent: string;
  /** navigator.maxTouchPoints (iPadOS reports a Mac user agent, but touch). */
  maxTouchPoints: number;
  hasCacheStorage: boolean;
  hasServiceWorker: boolean;
}

export function browserFacts(): BrowserFacts {
  return {
    userAgent: navigator.userAgent,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    hasCacheStorage: typeof caches !== 'undefined',
    hasServiceWorker: 'serviceWorker' in navigator,
  };
}

/** iPhone, iPod, or an iPad (which may call itself a Mac): every browser there is Safari's engine. */
export function isAppleMobile({
  userAgent,
  maxTouchPoints,
}: Pick<BrowserFacts, 'userAgent' | 'maxTouchPoints'>) {
  return /\b(iPhone|iPad|iPod)\b/.test(userAgent) || (/\bMacintosh\b/.test(userAgent) && maxTouchPoints > 1);
}

export type OfflineSupport = 'supported' | 'apple-mobile' | 'small-quota' | 'unsupported';

/**
 * Whether saving for offline is offered: not on iOS/iPadOS (Safari's storage limits and its eviction of a site's
 * files make a saved library unreliable: the plain MP3 download is offered instead), not when the quota is
 * small, and not without Cache Storage and service workers.
 */
export function offlineSupport(facts: BrowserFacts, estimate: StorageEstimateInfo | null): OfflineSupport {
  if (!facts.hasCacheStorage || !facts.hasServiceWorker) return 'unsupported';
  if (isAppleMobile(facts)) return 'apple-mobile';
  if (estimate && estimate.quota > 0 && estimate.quota < MIN_QUOTA_BYTES) return 'small-quota';
  return 'supported';
}

export async function readStorageEstimate(): Promise<StorageEstimateInfo | null> {
  try {
    if (!navigator.storage?.estimate) return null;
    const { usage, quota } = await navigator.storage.estimate();
    return typeof usage === 'number' && typeof quota === 'number' ? { usage, quota } : null;
  } catch {
    return null;
  }
}

export async function isStoragePersisted(): Promise<boolean> {
  try {
    return navigator.storage?.persisted ? await navigator.storage.persisted() : false;
  } catch {
    return false;
  }
}

/** Asks the browser not to clear this site's storage when space runs low; resolves with its answer. */
export async function requestPersistentStorage(): Promise<boolean> {
  try {
    return navigator.storage?.persist ? await navigator.storage.persist() : false;
  } catch {
    return false;
  }
}

/** "1.2 MB", "340 MB", "12.5 GB": decimal units, as phones and computers show storage. */
export function formatBytes(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 1000) return `${Math.max(0, Math.round(bytes || 0))} bytes`;
  const units = ['kB', 'MB', 'GB', 'TB'];
  let value = bytes / 1000;
  let unit = 0;
  while (value >= 1000 && unit < units.length - 1) {
    value /= 1000;
    unit += 1;
  }
  return `${value >= 100 ? Math.round(value) : value.toFixed(1)} ${units[unit]}`;
}
