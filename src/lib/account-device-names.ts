// Where an account leaves things in this browser, named in one place so that leaving (signing out, the server
// ending the session, another account signing in) removes every one of them (account-device-data.ts;
// docs/security.md "Saved audio after sign-out"). No imports: the offline worker, built on its own without the
// app's path aliases (scripts/build-service-worker.ts), reads the Cache Storage names too.

/** Cache Storage for saved audio (offline listening), one entry per product under /offline-audio/<id>. */
export const OFFLINE_AUDIO_CACHE = 'offline-audio-v1';
/**
 * Cache Storage that tells the offline worker who is signed in: one entry (SIGNED_IN_ACCOUNT_PATH) holding the
 * account id, written when that account saves audio and deleted first when anyone signs out. The worker answers
 * /offline-audio/<id> only with a copy saved by that account (SAVED_FOR_HEADER).
 */
export const SIGNED_IN_ACCOUNT_CACHE = 'offline-account';
export const SIGNED_IN_ACCOUNT_PATH = '/offline-account';
/** Stored with each saved copy: the account that saved it. */
export const SAVED_FOR_HEADER = 'X-Saved-For';

/** localStorage: the saved audio's list (titles, sizes, for whom). */
export const SAVED_AUDIO_KEY = 'offline-audio';
/** localStorage: what the account owns, as last seen online (titles), for 'Your audio' offline. */
export const KNOWN_OWNED_AUDIO_KEY = 'offline-owned-audio';
/** localStorage: the player's playlist, settings and positions, per account (a hash of the id follows). */
export const PLAYER_KEY_PREFIX = 'hypnotherapy-player-';
/** localStorage: listening positions waiting to be sent, per account. */
export const POSITIONS_OUTBOX_PREFIX = 'hypnotherapy-positions-outbox-';
/** localStorage: listening sessions (practice log) waiting to be sent, per account. */
export const PRACTICE_OUTBOX_PREFIX = 'hypnotherapy-practice-outbox-';
/** localStorage: the account whose data this browser holds (account-device-data.ts). */
export const DEVICE_ACCOUNT_KEY = 'hypnotherapy-device-account';
/** localStorage: set while saved copies are being deleted, so a page closed meanwhile has the next one finish. */
export const DEVICE_CLEARING_KEY = 'hypnotherapy-device-clearing';
