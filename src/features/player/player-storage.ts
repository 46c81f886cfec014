// What the player keeps in the browser: the one-time listening-safety answer, and per account (under a key
// derived from a hash of the user id, never a title) the playlist, settings and where each track was left.
import { PLAYER_KEY_PREFIX } from '@/lib/account-device-names';
import type { SleepChoice, Track } from './player-types';

export const SAFETY_KEY = 'hypnotherapy-listening-safety';
/**
 * This device's listening choices, whoever is signed in: the sleep timer and repeat (docs/player.md "Sleep").
 * Not under the per-account prefix, which signing out removes (src/lib/account-device-names.ts).
 */
export const DEVICE_CHOICES_KEY = 'hypnotherapy-device-player-choices';
/** Positions kept per account: the most recently listened tracks. */
const MAX_POSITIONS = 50;

export interface SavedPlayer {
  playlist: Track[];
  currentIndex: number;
  volume: number;
  lastVolume: number;
  rate: number;
  shuffle: boolean;
  repeat: boolean;
  /** Seconds where each product was left, by product id. */
  positions: Record<string, number>;
  /** When each position was reached (ms since the epoch), to tell it from another device's. */
  playedAt: Record<string, number>;
  /** The speed chosen for each product (per-track speed is remembered). */
  rates: Record<string, number>;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

export function readSafetyAcknowledged(): boolean {
  return storage()?.getItem(SAFETY_KEY) === 'acknowledged';
}

export function saveSafetyAcknowledged(): void {
  try {
    storage()?.setItem(SAFETY_KEY, 'acknowledged');
  } catch {
    // Storage full or blocked: the notice shows again next time, which is safe.
  }
}

/** The storage key for an account: a SHA-256 of the user id, so the key names no one. */
export async function accountKey(userId: string): Promise<string> {
  const bytes = new TextEncoder().encode(`player:${userId}`);
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', bytes));
  return PLAYER_KEY_PREFIX + Array.from(digest.slice(0, 16), (b) => b.toString(16).padStart(2, '0')).join('');
}

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

function isTrack(value: unknown): value is Track {
  if (!value || typeof value !== 'object') return false;
  const track = value as Record<string, unknown>;
  return (
    typeof track.id === 'string' &&
    typeof track.title === 'string' &&
    typeof track.category === 'string' &&
    typeof track.productId === 'string' &&
    (track.duration === undefined || isNumber(track.duration))
  );
}

/** The saved player of an account; null when none or unreadable (a corrupt entry is ignored). */
export function readSavedPlayer(key: string): SavedPlayer | null {
  const raw = storage()?.getItem(key);
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as Partial<SavedPlayer> | null;
    if (!value || !Array.isArray(value.playlist) || !value.playlist.every(isTrack)) return null;
    const positions: Record<string, number> = {};
    for (const [id, seconds] of Object.entries(value.positions ?? {}))
      if (isNumber(seconds)) positions[id] = seconds;
    const numbers = (record: unknown, valid: (n: number) => boolean) => {
      const out: Record<string, number> = {};
      if (record && typeof record === 'object')
        for (const [id, n] of Object.entries(record as Record<string, unknown>))
          if (isNumber(n) && valid(n)) out[id] = n;
      return out;
    };
    const clamp01 = (n: unknown, fallback: number) => (isNumber(n) ? Math.min(1, Math.max(0, n)) : fallback);
    return {
      playlist: value.playlist,
      currentIndex:
        isNumber(value.currentIndex) && value.currentIndex >= 0 && value.currentIndex < value.playlist.length
          ? Math.floor(value.currentIndex)
          : 0,
      volume: clamp01(value.volume, 1),
      lastVolume: clamp01(value.lastVolume, 1),
      rate: isNumber(value.rate) && value.rate >= 0.5 && value.rate <= 2 ? value.rate : 1,
      shuffle: value.shuffle === true,
      repeat: value.repeat === true,
      positions,
      playedAt: numbers(value.playedAt, (n) => n > 0),
      rates: numbers(value.rates, (n) => n >= 0.5 && n <= 2),
    };
  } catch {
    console.warn('Ignoring an unreadable saved player state');
    return null;
  }
}

export function writeSavedPlayer(key: string, saved: SavedPlayer): void {
  const entries = Object.entries(saved.positions);
  const positions =
    entries.length > MAX_POSITIONS ? Object.fromEntries(entries.slice(-MAX_POSITIONS)) : saved.positions;
  const playedAt = Object.fromEntries(Object.entries(saved.playedAt).filter(([id]) => id in positions));
  const rateEntries = Object.entries(saved.rates);
  const rates =
    rateEntries.length > MAX_POSITIONS ? Object.fromEntries(rateEntries.slice(-MAX_POSITIONS)) : saved.rates;
  try {
    storage()?.setItem(key, JSON.stringify({ ...saved, positions, playedAt, rates }));
  } catch {
    // Storage full or blocked: the player keeps working; only resuming after a reload is lost.
  }
}

/** The sleep timer and repeat as last chosen on this device. */
export interface DeviceChoices {
  /** Armed again on the next play while none runs; null for off. */
  sleep: SleepChoice | null;
  repeat: boolean;
}

const SLEEP_CHOICES: readonly (SleepChoice | null)[] = [null, 15, 30, 45, 60, 'end-of-track'];

export function readDeviceChoices(): DeviceChoices {
  try {
    const value = JSON.parse(storage()?.getItem(DEVICE_CHOICES_KEY) ?? '{}') as Partial<DeviceChoices> | null;
    const sleep = SLEEP_CHOICES.includes(value?.sleep ?? null) ? (value?.sleep ?? null) : null;
    return { sleep, repeat: value?.repeat === true };
  } catch {
    return { sleep: null, repeat: false }; // unreadable: the defaults
  }
}

export function writeDeviceChoices(choices: DeviceChoices): void {
  try {
    storage()?.setItem(DEVICE_CHOICES_KEY, JSON.stringify(choices));
  } catch {
    // Storage full or blocked: the choices last for this visit only.
  }
}
