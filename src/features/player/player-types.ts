/** A track the player can play: owned audio, streamed through a short-lived signed URL minted by audio-url. */
export interface Track {
  /** Unique in a playlist (e.g. the purchase id). */
  id: string;
  title: string;
  category: string;
  /** Seconds, when known ahead of loading. */
  duration?: number;
  /**
   * The audio's id: a catalogue product's, or a private audio's (uploaded by the practitioner for this client,
   * docs/programmes.md). Both are uuids, so this one key names the track for links (audio-url), saved positions
   * (listening_positions.product_id), the practice log and saved copies.
   */
  productId: string;
}

export type PlayerView = 'playlist' | 'now-playing';

/**
 * Measures what is listened to, for the account's practice log (src/features/practice/practice-recorder.ts,
 * composed in by the app): told when sound starts and stops, as it plays, and when a track is heard to its end.
 */
export interface ListeningRecorder {
  start: (productId: string) => void;
  update: (urgent?: 'pause' | 'hidden') => void;
  stop: (urgent?: 'pause') => void;
  finish: (productId: string) => void;
  dispose: () => void;
}

/** Minutes (15, 30, 45, 60) or the end of the current track. */
export type SleepChoice = 15 | 30 | 45 | 60 | 'end-of-track';

export type SleepTimer = { kind: 'minutes'; minutes: number; endsAt: number } | { kind: 'end-of-track' };

export interface PlayerState {
  playlist: Track[];
  currentIndex: number;
  /** The bar is shown (docs/product-rules.md §4: hidden when closed or without a track). */
  isOpen: boolean;
  /** The listener wants it playing (the media element follows). */
  isPlaying: boolean;
  /** Waiting for audio after pressing play (spinner on the play button). */
  isLoading: boolean;
  shuffle: boolean;
  repeat: boolean;
  /** 0..1; 0 is muted. */
  volume: number;
  /** The volume muting saved, restored by unmute. */
  lastVolume: number;
  rate: number;
  expanded: boolean;
  view: PlayerView;
  sleep: SleepTimer | null;
  /** A short message after a playback error; null when none. */
  error: string | null;
  /** The one-time listening-safety notice is waiting for an answer. */
  safetyNoticeOpen: boolean;
  /** Another device left the current track elsewhere: the listener is asked where to continue. */
  resumeOffer: ResumeOffer | null;
  /**
   * The listener pressed Play while `resumeOffer` waits: no sound until it is answered, then it plays from the
   * chosen position (docs/player.md "Resume asks before any sound").
   */
  awaitingAnswer: boolean;
  /** Bumped whenever the current track must load again from the start (a new track, or the same one replayed). */
  loadKey: number;
}

export interface PlayerProgress {
  /** Seconds. */
  currentTime: number;
  /** Seconds; null when not known yet. */
  duration: number | null;
}

/** What the lazily loaded audio engine lets the store do to the media element. */
export interface PlayerEngine {
  seek: (seconds: number) => void;
  currentTime: () => number;
}

/** Where to continue a track another device left at a different point (docs/listening-positions.md). */
export interface ResumeOffer {
  productId: string;
  /** Seconds where the other device left it, and when and on what kind of device. */
  remoteSeconds: number;
  remoteRate: number;
  remoteDeviceKind: 'phone' | 'tablet' | 'computer';
  remotePlayedAt: number;
  /** Seconds where this device left it; 0 when it never played it. */
  localSeconds: number;
}
