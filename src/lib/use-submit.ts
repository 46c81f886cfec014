import { useCallback, useEffect, useRef, useState } from 'react';

export interface SubmitOptions<TData, TVariables> {
  mutationFn: (variables: TVariables) => Promise<TData>;
  /** Awaited before the submit stops being pending (a form can navigate or sign out first). */
  onSuccess?: (data: TData, variables: TVariables) => unknown;
}

/** The part of TanStack Query's `useMutation` result the forms read; the same names, the same meaning. */
export interface Submit<TData, TVariables, TError = Error> {
  mutate: (variables: TVariables) => void;
  mutateAsync: (variables: TVariables) => Promise<TData>;
  isPending: boolean;
  isSuccess: boolean;
  error: TError | null;
  data: TData | undefined;
  /** What the latest call was made with (undefined before one, and after reset). */
  variables: TVariables | undefined;
  reset: () => void;
}

type State<TData, TVariables, TError> = { variables: TVariables | undefined } & (
  | { status: 'idle' | 'pending'; data: undefined; error: null }
  | { status: 'success'; data: TData; error: null }
  | { status: 'error'; data: undefined; error: TError }
);

const idle = { status: 'idle', data: undefined, error: null, variables: undefined } as const;

/**
 * A write's pending and error state for screens that run without the query library: the auth screens, which
 * must not load it (docs/architecture.md "Data on the page"). It behaves as `useMutation` does: a new call
 * clears the last error, only the latest call's outcome is kept, `mutate` never throws (the error is state),
 * `mutateAsync` rethrows, and the thrown value is kept as it is (an auth error keeps its code and status).
 */
export function useSubmit<TData = unknown, TVariables = void, TError = Error>(
  options: SubmitOptions<TData, TVariables>,
): Submit<TData, TVariables, TError> {
  const [state, setState] = useState<State<TData, TVariables, TError>>(idle);
  const latest = useRef(0);
  // The latest options, for calls made from event handlers (after this render has committed).
  const optionsRef = useRef(options);
  useEffect(() => {
    optionsRef.current = options;
  });

  const mutateAsync = useCallback(async (variables: TVariables): Promise<TData> => {
    const call = ++latest.current;
    setState({ status: 'pending', data: undefined, error: null, variables });
    try {
      const data = await optionsRef.current.mutationFn(variables);
      await optionsRef.current.onSuccess?.(data, variables);
      if (call === latest.current) setState({ status: 'success', data, error: null, variables });
      return data;
    } catch (thrown) {
      if (call === latest.current)
        setState({ status: 'error', data: undefined, error: thrown as TError, variables });
      throw thrown;
    }
  }, []);

  const mutate = useCallback(
    (variables: TVariables) => {
      mutateAsync(variables).catch(() => undefined);
    },
    [mutateAsync],
  );

  const reset = useCallback(() => {
    latest.current += 1;
    setState(idle);
  }, []);

  return {
    mutate,
    mutateAsync,
    isPending: state.status === 'pending',
    isSuccess: state.status === 'success',
    error: state.error,
    data: state.data,
    variables: state.variables,
    reset,
  };
}
