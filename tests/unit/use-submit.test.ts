import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmit } from '@/lib/use-submit';

/** A promise the test settles when it wants to. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (reason: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit: a write’s pending and error state, as useMutation keeps it', () => {
  it('is pending while the call runs, then holds its data', async () => {
    const call = deferred<string>();
    const { result } = renderHook(() => useSubmit({ mutationFn: (_: number) => call.promise }));
    expect(result.current.isPending).toBe(false);
    act(() => result.current.mutate(1));
    expect(result.current.isPending).toBe(true);
    await act(async () => call.resolve('done'));
    expect(result.current).toMatchObject({
      isPending: false,
      isSuccess: true,
      data: 'done',
      error: null,
      variables: 1,
    });
  });

  it('keeps the thrown value as the error (mutate never throws) and clears it on the next call', async () => {
    const refusal = { code: 'over_request_rate_limit', message: 'Too many' };
    let fail = true;
    const { result } = renderHook(() =>
      useSubmit({
        mutationFn: async () => {
          if (fail) throw refusal;
          return 'ok';
        },
      }),
    );
    act(() => result.current.mutate());
    await waitFor(() => expect(result.current.error).toBe(refusal));
    expect(result.current.isSuccess).toBe(false);
    fail = false;
    act(() => result.current.mutate());
    expect(result.current.error).toBeNull();
    await waitFor(() => expect(result.current.data).toBe('ok'));
  });

  it('stays pending until onSuccess has finished, and an onSuccess that throws becomes the error', async () => {
    const next = deferred<void>();
    const onSuccess = vi.fn(() => next.promise);
    const { result } = renderHook(() => useSubmit({ mutationFn: async (n: number) => n * 2, onSuccess }));
    act(() => result.current.mutate(4));
    await waitFor(() => expect(onSuccess).toHaveBeenCalledWith(8, 4));
    expect(result.current.isPending).toBe(true);
    await act(async () => next.reject(new Error('Sign-out failed')));
    expect(result.current.isPending).toBe(false);
    expect(result.current.error).toEqual(new Error('Sign-out failed'));
  });

  it('mutateAsync rethrows; reset forgets the outcome and an older call’s late answer', async () => {
    const first = deferred<string>();
    const { result } = renderHook(() => useSubmit({ mutationFn: () => first.promise }));
    let settled: Promise<string> | undefined;
    act(() => {
      settled = result.current.mutateAsync();
      settled.catch(() => undefined);
    });
    act(() => result.current.reset());
    await act(async () => first.reject(new Error('late')));
    await expect(settled).rejects.toThrow('late');
    expect(result.current).toMatchObject({
      isPending: false,
      isSuccess: false,
      error: null,
      data: undefined,
    });
    expect(result.current.variables).toBeUndefined();
  });
});
