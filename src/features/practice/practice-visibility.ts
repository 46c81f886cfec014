// Whether the practice log is hidden, remembered in this browser (docs/practice-log.md): someone who prefers
// not to see it is not shown it again on the next visit.
import { useCallback, useState } from 'react';

export const PRACTICE_HIDDEN_KEY = 'hypnotherapy-practice-log-hidden';

function readHidden(): boolean {
  try {
    return window.localStorage.getItem(PRACTICE_HIDDEN_KEY) === 'hidden';
  } catch {
    return false;
  }
}

/** [hidden, setHidden]: the choice is kept in localStorage (a blocked storage keeps it for this visit). */
export function usePracticeLogHidden(): [boolean, (hidden: boolean) => void] {
  const [hidden, setState] = useState(readHidden);
  const setHidden = useCallback((next: boolean) => {
    setState(next);
    try {
      if (next) window.localStorage.setItem(PRACTICE_HIDDEN_KEY, 'hidden');
      else window.localStorage.removeItem(PRACTICE_HIDDEN_KEY);
    } catch {
      // Blocked storage: hidden for this visit only.
    }
  }, []);
  return [hidden, setHidden];
}
