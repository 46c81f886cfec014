import { useCallback, useEffect, useRef, useState } from 'react';

export type SaveStatus = 'idle' | 'saving' | 'saved' | 'failed';

/**
 * Saves the latest value a moment after the last change (or at once when asked), one save at a time: a change
 * made while a save is running is saved after it. Each save sends the whole value, so a failed save is made
 * good by the next. What is pending is saved when the component unmounts.
 */
export function useAutosave<T>(save: (value: T) => Promise<void>, delayMs = 700) {
  const [status, setStatus] = useState<SaveStatus>('idle');
  const latest = useRef<{ value: T } | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const running = useRef<Promise<void> | null>(null);
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  }, [save]);

  const flush = useCallback(async (): Promise<void> => {
    clearTimeout(timer.current);
    while (running.current) await running.current;
    const pending = latest.current;
    if (!pending) return;
    latest.current = null;
    setStatus('saving');
    running.current = saveRef.current(pending.value).then(
      () => setStatus(latest.current ? 'saving' : 'saved'),
      () => setStatus('failed'),
    );
    await running.current;
    running.current = null;
  }, []);

  const change = useCallback(
    (value: T, { now = false } = {}) => {
      latest.current = { value };
      // Pending counts as saving: "All changes saved" only once this change is in.
      setStatus('saving');
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void flush(), now ? 0 : delayMs);
    },
    [flush, delayMs],
  );

  // Leaving the page (or the tab going to the background) saves what is pending at once.
  useEffect(() => {
    const hidden = () => {
      if (document.visibilityState === 'hidden') void flush();
    };
    document.addEventListener('visibilitychange', hidden);
    return () => {
      document.removeEventListener('visibilitychange', hidden);
      void flush();
    };
  }, [flush]);

  return { status, change };
}
