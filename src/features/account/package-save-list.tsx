import { offlineText } from '@/content/offline';
import { SavePackageButton } from '@/features/offline/save-package-button';
import { useOfflineSupport } from '@/features/offline/use-offline-support';
import type { PaidAs } from './paid-as';
import type { PlayableAudio } from './owned-audio';

interface PackageSaveListProps {
  audios: readonly PlayableAudio[];
  /** How each audio (by id) was paid for: a package's audios say which package. */
  paidAs: ReadonlyMap<string, PaidAs> | undefined;
  userId: string | undefined;
}

/** The packages among `audios`, in the order their first audio is listed. */
function packagesOf(audios: readonly PlayableAudio[], paidAs: ReadonlyMap<string, PaidAs> | undefined) {
  const packages = new Map<string, PlayableAudio[]>();
  for (const audio of audios) {
    const paid = paidAs?.get(audio.id);
    if (paid?.kind !== 'package') continue;
    const list = packages.get(paid.packageTitle) ?? [];
    if (!list.some((other) => other.productId === audio.productId)) list.push(audio);
    packages.set(paid.packageTitle, list);
  }
  return [...packages].map(([title, list]) => ({ title, audios: list }));
}

/**
 * The packages the customer bought, each saved to (or removed from) this device as a whole
 * (docs/offline-listening.md); nothing where the browser cannot keep large files.
 */
export function PackageSaveList({ audios, paidAs, userId }: PackageSaveListProps) {
  const { support } = useOfflineSupport();
  const packages = packagesOf(audios, paidAs);
  if (!userId || support !== 'supported' || packages.length === 0) return null;
  const text = offlineText.packages;
  return (
    <div className="mb-4">
      <h3 className="font-semibold text-foreground">{text.title}</h3>
      <ul className="mt-2 divide-y divide-border border-y border-border" aria-label={text.title}>
        {packages.map((pack) => (
          <li
            key={pack.title}
            className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <p className="min-w-0 break-words">
              <span className="font-medium text-foreground">{pack.title}</span>{' '}
              <span className="text-sm text-muted-foreground">{text.count(pack.audios.length)}</span>
            </p>
            <div className="flex flex-wrap gap-2">
              <SavePackageButton
                title={pack.title}
                audios={pack.audios.map((audio) => ({
                  productId: audio.productId,
                  trackId: audio.id,
                  title: audio.title,
                  category: audio.category,
                }))}
                userId={userId}
              />
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}
