// The one-time listening-safety notice (docs/product-rules.md D24): the first press that would play waits
// until the notice is acknowledged on this device, then runs; "not now" drops it.
import { readSafetyAcknowledged, saveSafetyAcknowledged } from './player-storage';

export interface SafetyGate {
  /** Runs `action` now, or once the notice is acknowledged (`open` shows the notice). */
  afterSafety: (action: () => void, open: () => void) => void;
  /** Acknowledged (remembered on this device): the waiting action, if any, to run now. */
  acknowledge: () => (() => void) | null;
  /** Dismissed, or the account changed: nothing waits any more. */
  drop: () => void;
}

export function createSafetyGate(): SafetyGate {
  let pending: (() => void) | null = null;
  return {
    afterSafety(action, open) {
      if (readSafetyAcknowledged()) {
        action();
        return;
      }
      pending = action;
      open();
    },
    acknowledge() {
      saveSafetyAcknowledged();
      const action = pending;
      pending = null;
      return action;
    },
    drop() {
      pending = null;
    },
  };
}
