// Link refresh (docs/audio-links.md "Listening across expiry"): streams come from short-lived links minted by
// the audio-url edge function. Before the link in use expires a new one is asked for while playing; while
// paused nothing is fetched, and the next play asks for a link instead.
import type { SignedAudioUrl } from '@/lib/audio-storage';

export type SignUrl = (productId: string) => Promise<SignedAudioUrl>;

// The longest delay a timer keeps (2^31 - 1 ms, about 24.8 days): browsers and Node run a longer one at once,
// so a far-off expiry would ask for a new link straight away, and again, and again.
const LONGEST_TIMER_MS = 2_147_483_647;

/**
 * When to ask for a new link (ms from `now`): a quarter of the remaining lifetime before it expires, at most
 * a minute before and never sooner than a second from now; a link that lasts for weeks is looked at again
 * after the longest delay a timer keeps.
 */
export function refreshDelayMs(expiresAtSeconds: number, now: number): number {
  const left = expiresAtSeconds * 1000 - now;
  const margin = Math.min(60_000, Math.max(1000, left / 4));
  return Math.min(LONGEST_TIMER_MS, Math.max(1000, left - margin));
}

/** What the refresh asks of the engine. A `token` names one load of a track: a newer load makes it stale. */
export interface LinkRefreshHost {
  sign: SignUrl;
  /** The product load `token` plays, or null when that load is no longer the one in use (or not ready). */
  productOf: (token: number) => string | null;
  isCurrent: (token: number) => boolean;
  paused: () => boolean;
  /** The link was due while paused: the next play asks for a new one. */
  dueWhilePaused: () => void;
  /** A new link for load `token` (the next refresh is already scheduled). */
  renewed: (url: string, token: number) => Promise<void>;
}

export interface LinkRefresh {
  /** Asks for a new link before `link` (load `token`'s) expires; replaces any refresh scheduled before. */
  schedule: (link: SignedAudioUrl, token: number) => void;
  cancel: () => void;
}

export function createLinkRefresh(host: LinkRefreshHost): LinkRefresh {
  let timer: ReturnType<typeof setTimeout> | undefined;

  async function refresh(token: number) {
    const productId = host.productOf(token);
    if (productId === null) return;
    if (host.paused()) {
      host.dueWhilePaused(); // nothing is fetched while paused: the next play asks for a link
      return;
    }
    let signed: SignedAudioUrl;
    try {
      signed = await host.sign(productId);
    } catch {
      // Refused (refunded, signed out) or offline: keep playing what is buffered; the error path decides.
      return;
    }
    if (!host.isCurrent(token)) return;
    schedule(signed, token);
    await host.renewed(signed.url, token);
  }

  function schedule(link: SignedAudioUrl, token: number) {
    clearTimeout(timer);
    timer = setTimeout(() => void refresh(token), refreshDelayMs(link.expiresAt, Date.now()));
  }

  return { schedule, cancel: () => clearTimeout(timer) };
}
