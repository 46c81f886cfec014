// Which audios this browser keeps for offline listening, and for whom: a small list in localStorage, so My
// Account can show and play them with the network off (the audio itself is in Cache Storage,
// saved-audio-store.ts). Titles are what the customer bought (health data, docs/product-rules.md D26): they stay on the device
// of the account that saved them and are removed with the copies.
import { SAVED_AUDIO_KEY } from '@/lib/account-device-names';

export interface SavedAudio {
  productId: string;
  /** The purchase (track id in the player). */
  trackId: string;
  title: string;
  category: string;
  /** Bytes on the device. */
  bytes: number;
  /** When it was saved (ms since the epoch). */
  savedAt: number;
  /** The account that saved it: another account signing in on this browser does not see or play it. */
  userId: string;
}

const listeners = new Set<() => void>();
let cached: { raw: string | null; list: SavedAudio[] } | null = null;

function isSavedAudio(value: unknown): value is SavedAudio {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.productId === 'string' &&
    typeof v.trackId === 'string' &&
    typeof v.title === 'string' &&
    typeof v.category === 'string' &&
    typeof v.bytes === 'number' &&
    typeof v.savedAt === 'number' &&
    typeof v.userId === 'string'
  );
}

function readRaw(): string | null {
  try {
    return localStorage.getItem(SAVED_AUDIO_KEY);
  } catch {
    return null; // storage blocked: nothing is saved
  }
}

/** Every saved audio on this browser (all accounts), oldest first. The same array until it changes. */
export function readSavedAudio(): SavedAudio[] {
  const raw = readRaw();
  if (cached && cached.raw === raw) return cached.list;
  let list: SavedAudio[] = [];
  try {
    const parsed: unknown = raw ? JSON.parse(raw) : [];
    if (Array.isArray(parsed)) list = parsed.filter(isSavedAudio);
  } catch {
    list = [];
  }
  cached = { raw, list };
  return list;
}

function write(list: SavedAudio[]): void {
  try {
    if (list.length === 0) localStorage.removeItem(SAVED_AUDIO_KEY);
    else localStorage.setItem(SAVED_AUDIO_KEY, JSON.stringify(list));
  } catch {
    // Full or blocked: the copy stays in the cache and is cleaned up on the next check.
  }
  listeners.forEach((listener) => listener());
}

/** The saved audio of one account. */
export function savedAudioOf(userId: string): SavedAudio[] {
  return readSavedAudio().filter((audio) => audio.userId === userId);
}

export function findSavedAudio(productId: string, userId?: string): SavedAudio | undefined {
  return readSavedAudio().find(
    (audio) => audio.productId === productId && (userId === undefined || audio.userId === userId),
  );
}

export function addSavedAudio(audio: SavedAudio): void {
  write([...readSavedAudio().filter((a) => a.productId !== audio.productId), audio]);
}

export function removeSavedAudioEntries(productIds: ReadonlySet<string>): void {
  const list = readSavedAudio();
  const kept = list.filter((audio) => !productIds.has(audio.productId));
  if (kept.length !== list.length) write(kept);
}

/** Subscribes to changes made in this tab and in others (the storage event). */
export function subscribeSavedAudio(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === SAVED_AUDIO_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}
