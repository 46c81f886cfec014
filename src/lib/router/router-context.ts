import { createContext, useCallback, useContext, useMemo } from 'react';
import type { AppLocation, NavigateFunction, NavigateOptions } from './location';

interface Router {
  location: AppLocation;
  navigate: NavigateFunction;
}

export const RouterContext = createContext<Router | null>(null);

function useRouter(): Router {
  const router = useContext(RouterContext);
  if (!router) throw new Error('The router hooks are used only inside a router (src/lib/router/routers.tsx).');
  return router;
}

/** The location shown. */
export function useLocation(): AppLocation {
  return useRouter().location;
}

/** Navigation within the app; the same function for the router's lifetime. */
export function useNavigate(): NavigateFunction {
  return useRouter().navigate;
}

type SearchParamsUpdate = URLSearchParams | ((current: URLSearchParams) => URLSearchParams);

/** The query of the location shown, and a navigation to the same path with another query. */
export function useSearchParams(): readonly [
  URLSearchParams,
  (next: SearchParamsUpdate, options?: NavigateOptions) => void,
] {
  const { location, navigate } = useRouter();
  const params = useMemo(() => new URLSearchParams(location.search), [location.search]);
  const setParams = useCallback(
    (next: SearchParamsUpdate, options?: NavigateOptions) => {
      const value = typeof next === 'function' ? next(new URLSearchParams(params)) : next;
      const query = value.toString();
      navigate(`${location.pathname}${query ? `?${query}` : ''}`, options);
    },
    [navigate, params, location.pathname],
  );
  return [params, setParams] as const;
}
