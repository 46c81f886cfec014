// React as React Router's bundle sees it in the production build (vite.config.ts): React itself, except that
// its component wrappers and createContext are declared free of side effects (`@__NO_SIDE_EFFECTS__`, a Rolldown/Rollup
// annotation). React Router declares each component at the top level as `forwardRef(...)` or `memo(...)`;
// React is CommonJS, so the bundler cannot tell those calls are pure and kept every component (Form,
// ScrollRestoration, the data router's route rendering) whether the app uses it or not. Behaviour is
// React's own: each wrapper only passes its arguments on.
import * as React from 'react';

export * from 'react';

/* @__NO_SIDE_EFFECTS__ */
export function forwardRef<T, P>(render: React.ForwardRefRenderFunction<T, P>) {
  return React.forwardRef(render);
}

/* @__NO_SIDE_EFFECTS__ */
export function memo<P extends object>(
  type: React.ComponentType<P>,
  compare?: (previous: Readonly<P>, next: Readonly<P>) => boolean,
) {
  return React.memo(type, compare);
}

/* @__NO_SIDE_EFFECTS__ */
export function createContext<T>(defaultValue: T) {
  return React.createContext(defaultValue);
}
