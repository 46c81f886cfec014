// The health form's autosave (src/features/intake/use-autosave.ts): one save a moment after the last change,
// "saved" only once the last change is in, a change made during a save saved after it.
import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useAutosave } from '@/features/intake/use-autosave';

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('useAutosave', () => {
  it('saves the last value once after the pause, and is not "saved" while a change waits', async () => {
    const saved: string[] = [];
    const { result } = renderHook(() =>
      useAutosave(async (value: string) => {
        saved.push(value);
      }, 700),
    );
    act(() => result.current.change('a'));
    act(() => result.current.change('ab'));
    expect(result.current.status).toBe('saving');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(699);
    });
    expect(saved).toEqual([]);
    expect(result.current.status).toBe('saving');
    await act(async () => {
      await vi.advanceTimersByTimeAsync(1);
    });
    expect(saved).toEqual(['ab']);
    expect(result.current.status).toBe('saved');
  });

  it('a change made while a save runs is saved after it; a failure says so', async () => {
    const saved: string[] = [];
    let release: () => void = () => undefined;
    let fail = false;
    const { result } = renderHook(() =>
      useAutosave((value: string) => {
        saved.push(value);
        if (fail) return Promise.reject(new Error('offline'));
        return new Promise<void>((resolve) => (release = resolve));
      }, 10),
    );
    act(() => result.current.change('first', { now: true }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    act(() => result.current.change('second', { now: true }));
    await act(async () => {
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(saved).toEqual(['first']);
    fail = true;
    await act(async () => {
      release();
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(saved).toEqual(['first', 'second']);
    expect(result.current.status).toBe('failed');
  });
});
