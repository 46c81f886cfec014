import { useCallback, useEffect, useState } from 'react';
import {
  browserFacts,
  isStoragePersisted,
  offlineSupport,
  readStorageEstimate,
  type OfflineSupport,
  type StorageEstimateInfo,
} from './storage-support';

export interface OfflineSupportState {
  support: OfflineSupport;
  estimate: StorageEstimateInfo | null;
  persisted: boolean;
  /** Reads the estimate and persistence again (after a save or a removal). */
  refresh: () => void;
}

/** What this browser allows, read once on mount and again on request. */
export function useOfflineSupport(): OfflineSupportState {
  const [estimate, setEstimate] = useState<StorageEstimateInfo | null>(null);
  const [persisted, setPersisted] = useState(false);
  const [support, setSupport] = useState<OfflineSupport>(() =>
    typeof navigator === 'undefined' ? 'unsupported' : offlineSupport(browserFacts(), null),
  );
  const refresh = useCallback(() => {
    void Promise.all([readStorageEstimate(), isStoragePersisted()]).then(([nextEstimate, nextPersisted]) => {
      setEstimate(nextEstimate);
      setPersisted(nextPersisted);
      setSupport(offlineSupport(browserFacts(), nextEstimate));
    });
  }, []);
  useEffect(refresh, [refresh]);
  return { support, estimate, persisted, refresh };
}
