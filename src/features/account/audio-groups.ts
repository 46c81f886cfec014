import type { PaidAs } from './paid-as';

/** How 'Your audio' groups an audio: given by the practitioner, one of a package's, or bought on its own. */
export type AudioGroupKind = 'practitioner' | 'package' | 'single';

export interface AudioGroup<T> {
  kind: AudioGroupKind;
  /** The package's title for a package; the group's own name otherwise (from the content). */
  key: string;
  audios: T[];
}

interface GroupedAudio {
  id: string;
  price: number;
  orderId?: string | null;
}

/** Given by the practitioner: no order granted it and nothing was paid (not 'Purchased … £0'). */
export function isGift(audio: GroupedAudio): boolean {
  return !audio.orderId && audio.price === 0;
}

/**
 * 'Your audio' in groups (docs/player.md "My Account as a library"): what the practitioner gave, then each package
 * (in the order its newest audio is listed), then the single audios; each keeps the list's order (newest first).
 * An audio whose order is not known yet (the orders load) is a single one until it is. Empty groups are left out.
 */
export function groupAudios<T extends GroupedAudio>(
  audios: readonly T[],
  paidAs: ReadonlyMap<string, PaidAs> | undefined,
): AudioGroup<T>[] {
  const practitioner: T[] = [];
  const packages = new Map<string, T[]>();
  const single: T[] = [];
  for (const audio of audios) {
    const paid = paidAs?.get(audio.id);
    if (isGift(audio)) practitioner.push(audio);
    else if (paid?.kind === 'package')
      packages.set(paid.packageTitle, [...(packages.get(paid.packageTitle) ?? []), audio]);
    else single.push(audio);
  }
  return [
    { kind: 'practitioner' as const, key: 'practitioner', audios: practitioner },
    ...[...packages].map(([title, list]) => ({ kind: 'package' as const, key: title, audios: list })),
    { kind: 'single' as const, key: 'single', audios: single },
  ].filter((group) => group.audios.length > 0);
}
