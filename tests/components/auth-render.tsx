import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { AuthProvider } from '@/features/auth/auth-provider';
import { PlayerProvider } from '@/features/player/player-provider';

/** Shows where the app went, for assertions on redirects. */
export function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/**
 * Renders `element` at `url` inside the real AuthProvider (and the player, which /account uses) and a memory
 * router with a few landing pages.
 */
export function renderAt(url: string, path: string, element: ReactNode) {
  return render(
    <MemoryRouter initialEntries={[url]}>
      <AuthProvider>
        {/* My Account's Play buttons drive the player, as in the app's providers. */}
        <PlayerProvider accountId={null}>
          <Routes>
            <Route path={path} element={element} />
            <Route path="*" element={<p>Elsewhere</p>} />
          </Routes>
          <LocationProbe />
        </PlayerProvider>
      </AuthProvider>
    </MemoryRouter>,
  );
}
