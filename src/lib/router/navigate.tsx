import { useEffect } from 'react';
import type { NavigateOptions } from './location';
import { useNavigate } from './router-context';

/** Navigates once rendered (a redirect decided while rendering); renders nothing. */
export function Navigate({ to, replace, state }: NavigateOptions & { to: string }) {
  const navigate = useNavigate();
  useEffect(() => {
    navigate(to, { replace, state });
  }, [navigate, to, replace, state]);
  return null;
}
