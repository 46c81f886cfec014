// What a customer who keeps audio on this device owns, as last seen online: so My Account's 'Your audio' shows
// their audio with the network off instead of its empty state (docs/offline-listening.md "Offline, Your audio").
// Kept only while the account keeps audio saved here (titles are health data, docs/product-rules.md D26: they
// stay on the device that already holds the saved copies and go with the last of them), pruned to what the
// server says is owned whenever My Account checks online.
import { KNOWN_OWNED_AUDIO_KEY } from '@/lib/account-device-names';

export interface KnownOwnedAudio {
  /** The purchase (track id in the player). */
  id: string;
  title: string;
  category: string;
  /** YYYY-MM-DD */
  purchaseDate: string;
  productId: string;
  /** Seconds: the audio's stored length, when known (the player shows it before the media reports one). */
  duration?: number;
}

type KnownByAccount = Record<string, KnownOwnedAudio[]>;

function isKnown(value: unknown): value is KnownOwnedAudio {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    typeof v.id === 'string' &&
    typeof v.title === 'string' &&
    typeof v.category === 'string' &&
    typeof v.purchaseDate === 'string' &&
    typeof v.productId === 'string' &&
    (v.duration === undefined || (typeof v.duration === 'number' && v.duration > 0))
  );
}

function readAll(): KnownByAccount {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(KNOWN_OWNED_AUDIO_KEY) ?? '{}');
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
    const all: KnownByAccount = {};
    for (const [userId, list] of Object.entries(parsed as Record<string, unknown>))
      if (Array.isArray(list)) all[userId] = list.filter(isKnown);
    return all;
  } catch {
    return {}; // unreadable or blocked: nothing known
  }
}

function writeAll(all: KnownByAccount): void {
  try {
    if (Object.keys(all).length === 0) localStorage.removeItem(KNOWN_OWNED_AUDIO_KEY);
    else localStorage.setItem(KNOWN_OWNED_AUDIO_KEY, JSON.stringify(all));
  } catch {
    // Full or blocked: offline, 'Your audio' then shows only what it has.
  }
}

/** `userId`'s audio as last seen online, newest first as listed then. */
export function knownOwnedAudio(userId: string): KnownOwnedAudio[] {
  return readAll()[userId] ?? [];
}

/** Records the owned audio (with a product) listed online for `userId`. */
export function rememberOwnedAudio(
  userId: string,
  audios: readonly (Omit<KnownOwnedAudio, 'productId'> & { productId: string | null })[],
): void {
  const list = audios.flatMap((audio) =>
    audio.productId === null
      ? []
      : [
          {
            id: audio.id,
            title: audio.title,
            category: audio.category,
            purchaseDate: audio.purchaseDate,
            productId: audio.productId,
            ...(audio.duration ? { duration: audio.duration } : {}),
          },
        ],
  );
  const all = readAll();
  if (JSON.stringify(all[userId] ?? []) === JSON.stringify(list)) return;
  writeAll({ ...all, [userId]: list });
}

/** Keeps only what the server says `userId` owns (a complete answer); the others' lists are dropped. */
export function keepKnownOwned(userId: string, owned: ReadonlySet<string>): void {
  const all = readAll();
  const mine = (all[userId] ?? []).filter((audio) => owned.has(audio.productId));
  writeAll(mine.length > 0 ? { [userId]: mine } : {});
}

/** Forgets `userId`'s list (nothing of theirs is kept on this device any more). */
export function forgetKnownOwned(userId: string): void {
  const all = readAll();
  if (!(userId in all)) return;
  delete all[userId];
  writeAll(all);
}
