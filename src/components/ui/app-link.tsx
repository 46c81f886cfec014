import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation, useNavigate } from '@/lib/router';
import { followInternalLink } from '@/lib/follow-internal-link';

// The app's links: a path of this site, followed in the app by the app's router (src/lib/router, see
// docs/decisions/0012-own-router.md); a navigation link also marks the current page.

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> {
  /** A path of this site, with an optional query and hash. */
  to: string;
  className?: string;
}

/**
 * Marks a link's own handler, which does what a marketing page adopted without its code does for every link
 * (src/app/adopted-page.tsx): tests/components/adoptable-pages.test.tsx tells it from a handler of the page's.
 */
const FOLLOWS_LINK_IN_APP = Symbol.for('app-link.follows-link-in-app');

function useFollow(onClick: AppLinkProps['onClick']) {
  const navigate = useNavigate();
  return Object.assign(
    (event: MouseEvent<HTMLAnchorElement>) => {
      onClick?.(event);
      followInternalLink(event, navigate);
    },
    { [FOLLOWS_LINK_IN_APP]: true },
  );
}

/** A link to a page of this site, followed in the app (modified clicks and new tabs are the browser's). */
export function AppLink({ to, onClick, children, ...props }: AppLinkProps) {
  return (
    <a {...props} href={to} onClick={useFollow(onClick)}>
      {children}
    </a>
  );
}

interface AppNavLinkProps extends Omit<AppLinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A navigation link: marked as the current page (aria-current="page") while its path is shown. */
export function AppNavLink({ to, onClick, className, children, ...props }: AppNavLinkProps) {
  const isActive = useLocation().pathname === new URL(to, 'http://site.invalid').pathname;
  return (
    <a
      {...props}
      href={to}
      aria-current={isActive ? 'page' : undefined}
      className={typeof className === 'function' ? className({ isActive }) : className}
      onClick={useFollow(onClick)}
    >
      {children}
    </a>
  );
}
