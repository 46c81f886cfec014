// The app's router (docs/decisions/0012-own-router.md): what the app used of React Router, in the few lines
// it needs.
export { type NavigateFunction } from './location';
export { matchesPath } from './match-path';
export { Navigate } from './navigate';
export { useLocation, useNavigate, useSearchParams } from './router-context';
export { BrowserRouter, MemoryRouter, StaticRouter } from './routers';
