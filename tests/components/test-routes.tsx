import { Children, isValidElement, type ReactElement, type ReactNode } from 'react';
import { matchesPath, useLocation } from '@/lib/router';

// A route table written as elements, for component tests that mount a few pages around the component under
// test. The app picks its page from src/app/router.tsx's table instead.

interface RouteProps {
  /** A static path, or '*' for any path no other route matches. */
  path: string;
  element: ReactNode;
}

/** One route of <Routes>: read by it, never rendered. */
export function Route(_props: RouteProps): ReactNode {
  throw new Error('A <Route> is only used as a child of <Routes>.');
}

/** The element of the first route matching the location shown (a '*' route when none does). */
export function Routes({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const routes = Children.toArray(children).filter(
    (child): child is ReactElement<RouteProps> => isValidElement(child) && child.type === Route,
  );
  const route =
    routes.find(({ props }) => props.path !== '*' && matchesPath(props.path, pathname)) ??
    routes.find(({ props }) => props.path === '*');
  return route?.props.element ?? null;
}
