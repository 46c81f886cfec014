// What the element in use holds: the current track's link, signed by the audio-url edge function
// (docs/audio-links.md), loaded with the position to resume at. Each load gets a token; an answer that comes back
// for an older one (another track was chosen meanwhile) is dropped. A link that fails anyway (expired
// mid-listen) is signed again once, resuming where it was.
import type { SignedAudioUrl } from '@/lib/audio-storage';
import type { SignUrl } from './audio-link-refresh';
import { currentTrack } from './player-logic';
import type { PlayerStore } from './player-store';
import type { PlayerState } from './player-types';
import type { PrimedAudio } from './primed-audio';

export interface AudioLoaderHost {
  store: Pick<PlayerStore, 'getSnapshot' | 'resumePosition'>;
  sign: SignUrl;
  /** The element in use (another one after a hand-over). */
  media: () => HTMLMediaElement;
  /** After a new link: the store's speed and volume on the element. */
  applySettings: () => void;
  startPlaying: () => void;
  fail: (error: unknown) => void;
  /** Load `token` plays `link`: its refresh is due before it expires. */
  linkInUse: (link: SignedAudioUrl, token: number) => void;
  /** No link in use any more: no refresh is due. */
  linkDropped: () => void;
  /** Where the load starts, for the position saved every few seconds. */
  startsAt: (seconds: number) => void;
  /** A renewed link while playing: another element takes over. */
  handOver: (url: string, token: number) => Promise<void>;
}

export interface AudioLoader {
  /** Loads `state`'s track (none: empties the element), from `keepPosition` or where this device left it. */
  load: (state: PlayerState, options?: { keepPosition?: number }) => Promise<void>;
  /**
   * Takes over what a press started on the element (its link, its position and whether it plays) as the load
   * of `state`'s track; false, nothing taken, when it is another track or already failed (then load as usual).
   */
  adopt: (state: PlayerState, primed: Omit<PrimedAudio, 'element'>) => boolean;
  /** The element failed: an expired link is signed again once, from `fallbackPosition` if it knows none. */
  recover: (fallbackPosition: number) => void;
  /** A link is in the element and playable. */
  ready: () => boolean;
  /** The product whose link was put in the element (kept after a media failure; null until then). */
  loadedProduct: () => string | null;
  /** The link expired while paused: the next play loads a new one. */
  isStale: () => boolean;
  markStale: () => void;
  isCurrent: (token: number) => boolean;
  /** The product load `token` plays, while it is the load in use, ready and still the store's track. */
  productOf: (token: number) => string | null;
  /** A new link for load `token`: in place while paused (used on the next play), else handed over. */
  renewed: (url: string, token: number) => Promise<void>;
  /** A seek before the element can take one: applied once its metadata loads. */
  seekOnLoad: (seconds: number) => void;
  /** The position to go to now that the metadata loaded (once), or null. */
  takeResumeAt: () => number | null;
  /** Playback failed: nothing is ready until the next load. */
  failed: () => void;
  /** Every pending answer is dropped (disconnected). */
  invalidate: () => void;
}

export function createAudioLoader(host: AudioLoaderHost): AudioLoader {
  const { store, sign } = host;
  let token = 0;
  let ready = false;
  let loadedProductId: string | null = null;
  // The link in use expired (or nearly) while paused: the next play asks for a new one first.
  let stale = false;
  let retried = false;
  let resumeAt: number | null = null;

  async function load(state: PlayerState, { keepPosition }: { keepPosition?: number } = {}) {
    const track = currentTrack(state);
    const mine = ++token;
    ready = false;
    loadedProductId = null;
    stale = false;
    retried = false;
    host.linkDropped();
    host.media().pause();
    if (!track) {
      host.media().removeAttribute('src');
      return;
    }
    resumeAt = keepPosition ?? (store.resumePosition(track.productId) || null);
    host.startsAt(resumeAt ?? 0);
    try {
      const signed = await sign(track.productId);
      if (mine !== token) return; // another track was chosen meanwhile
      host.media().src = signed.url;
      loadedProductId = track.productId;
      ready = true;
      host.applySettings();
      host.linkInUse(signed, mine);
      if (store.getSnapshot().isPlaying) host.startPlaying();
    } catch (error) {
      if (mine === token) host.fail(error);
    }
  }

  function adopt(state: PlayerState, primed: Omit<PrimedAudio, 'element'>): boolean {
    const track = currentTrack(state);
    if (track?.productId !== primed.productId || host.media().error) return false;
    const mine = ++token;
    loadedProductId = track.productId;
    ready = true;
    host.startsAt(store.resumePosition(track.productId));
    host.applySettings();
    host.linkInUse(primed.link, mine);
    return true;
  }

  function recover(fallbackPosition: number) {
    const media = host.media();
    if (!ready || !media.getAttribute('src')) return;
    const code = media.error?.code;
    // An expired signed URL fails as a network or source error: sign again once, back where it was.
    if (retried || (code !== 2 && code !== 4)) {
      host.fail(new Error(`MediaError ${code ?? 'unknown'}`));
      return;
    }
    retried = true;
    const position = media.currentTime || fallbackPosition;
    const mine = token;
    void (async () => {
      const track = currentTrack(store.getSnapshot());
      if (!track) return;
      try {
        const signed = await sign(track.productId);
        if (mine !== token) return;
        resumeAt = position;
        host.media().src = signed.url;
        host.linkInUse(signed, mine);
        host.applySettings();
        if (store.getSnapshot().isPlaying) host.startPlaying();
      } catch (error) {
        if (mine === token) host.fail(error);
      }
    })();
  }

  return {
    load,
    adopt,
    recover,
    ready: () => ready,
    loadedProduct: () => loadedProductId,
    isStale: () => stale,
    markStale: () => {
      stale = true;
    },
    isCurrent: (candidate) => candidate === token,
    productOf(candidate) {
      const track = currentTrack(store.getSnapshot());
      if (candidate !== token || !ready || !track || track.productId !== loadedProductId) return null;
      return loadedProductId;
    },
    async renewed(url, candidate) {
      retried = false;
      const media = host.media();
      if (media.paused) {
        stale = false;
        resumeAt = media.currentTime;
        media.src = url;
        return;
      }
      await host.handOver(url, candidate);
    },
    seekOnLoad: (seconds) => {
      resumeAt = seconds;
    },
    takeResumeAt() {
      const at = resumeAt;
      resumeAt = null;
      return at;
    },
    failed: () => {
      ready = false;
    },
    invalidate: () => {
      token += 1;
    },
  };
}
