// Links to full audio minted ahead of the press (docs/audio-links.md "Minted ahead"): when a track is shown or
// about to play, its link is asked for at once, so pressing Play does not wait for the audio-url round trip.
// Each link is handed out once (a refresh always gets a new one), only to the account it was minted for, and
// only while at least half its lifetime is left; a link that is still wanted is minted again at half-life, so
// what waits is always fresh. Nothing is kept beyond this page's memory.

export interface MintedLink {
  url: string;
  /** Unix seconds. */
  expiresAt: number;
}

interface Entry {
  link: Promise<MintedLink>;
  mintedAt: number;
  /** Known once minted. */
  expiresAt: number | null;
  /** The link itself once minted, so a press can take it without waiting a turn. */
  minted: MintedLink | null;
}

export interface AudioLinkCache {
  /** Mints `productId`'s link now unless a fresh one waits (or is on its way). */
  prefetch: (account: string, productId: string) => void;
  /** A fresh waiting link (taken: never handed out twice), or a newly minted one. */
  take: (account: string, productId: string) => Promise<MintedLink>;
  /**
   * A fresh link already minted for `productId`, taken at once (synchronously, so a press can start the media
   * in its own handler); null, and nothing taken, when none has arrived yet.
   */
  takeMinted: (account: string, productId: string) => MintedLink | null;
  /** Keeps links of `productIds` fresh while they are shown; returns the stop. */
  keepFresh: (account: string, productIds: readonly string[]) => () => void;
  clear: () => void;
}

/** A waiting link must have at least this many milliseconds left, whatever its lifetime. */
const MIN_LEFT_MS = 5000;

export function createAudioLinkCache(
  /** Mints `productId`'s link for `account` (which may refuse when that account is no longer signed in). */
  mint: (productId: string, account: string) => Promise<MintedLink>,
  options: { now?: () => number } = {},
): AudioLinkCache {
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();
  const wanted = new Map<string, number>();
  const timers = new Map<string, ReturnType<typeof setTimeout>>();
  const keyOf = (account: string, productId: string) => `${account}\u0000${productId}`;

  const fresh = (entry: Entry) => {
    if (entry.expiresAt === null) return true; // on its way
    const left = entry.expiresAt * 1000 - now();
    return left >= MIN_LEFT_MS && left >= (entry.expiresAt * 1000 - entry.mintedAt) / 2;
  };

  const start = (account: string, productId: string) => {
    const key = keyOf(account, productId);
    const entry: Entry = { link: mint(productId, account), mintedAt: now(), expiresAt: null, minted: null };
    entries.set(key, entry);
    entry.link.then(
      (link) => {
        entry.expiresAt = link.expiresAt;
        entry.minted = link;
        if (entries.get(key) !== entry) return;
        // Still wanted at half-life: mint again, so a press then still finds a fresh link.
        const halfLife = Math.max(MIN_LEFT_MS, (link.expiresAt * 1000 - entry.mintedAt) / 2);
        clearTimeout(timers.get(key));
        timers.set(
          key,
          setTimeout(() => {
            timers.delete(key);
            if (entries.get(key) !== entry) return;
            entries.delete(key);
            if ((wanted.get(key) ?? 0) > 0) start(account, productId);
          }, halfLife),
        );
      },
      () => {
        // Refused (not owned) or offline: nothing waits; a press asks again and shows the error then.
        if (entries.get(key) === entry) entries.delete(key);
      },
    );
    return entry;
  };

  /** Removes and returns `key`'s waiting entry (a link is handed out once). */
  const remove = (key: string) => {
    const entry = entries.get(key);
    entries.delete(key);
    clearTimeout(timers.get(key));
    timers.delete(key);
    return entry;
  };

  const cache: AudioLinkCache = {
    prefetch(account, productId) {
      const entry = entries.get(keyOf(account, productId));
      if (!entry || !fresh(entry)) start(account, productId);
    },
    take(account, productId) {
      const entry = remove(keyOf(account, productId));
      return entry && fresh(entry) ? entry.link : mint(productId, account);
    },
    takeMinted(account, productId) {
      const key = keyOf(account, productId);
      const entry = entries.get(key);
      if (!entry?.minted || !fresh(entry)) return null;
      remove(key);
      return entry.minted;
    },
    keepFresh(account, productIds) {
      const keys = productIds.map((id) => keyOf(account, id));
      for (const key of keys) wanted.set(key, (wanted.get(key) ?? 0) + 1);
      for (const id of productIds) cache.prefetch(account, id);
      return () => {
        for (const key of keys) {
          const left = (wanted.get(key) ?? 1) - 1;
          if (left > 0) wanted.set(key, left);
          else wanted.delete(key);
        }
      };
    },
    clear() {
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      entries.clear();
      wanted.clear();
    },
  };
  return cache;
}
