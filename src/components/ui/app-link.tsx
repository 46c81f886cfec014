import type { AnchorHTMLAttributes } from 'react';
import { Link, NavLink, useLocation } from 'react-router-dom';

// The app's links: React Router's <Link> and <NavLink> with the app's props. A jump to an anchor of the page
// shown stays a plain link (React Router would push the hash without scrolling to it).

interface AppLinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href' | 'className'> {
  /** A path of this site, with an optional query and hash. */
  to: string;
  className?: string;
}

function useJumpsWithinPage(to: string): boolean {
  const here = useLocation();
  const url = new URL(to, `http://site.invalid${here.pathname}${here.search}`);
  return url.hash !== '' && url.pathname === here.pathname && url.search === here.search;
}

/** A link to a page of this site, followed in the app (modified clicks and new tabs are the browser's). */
export function AppLink({ to, children, ...props }: AppLinkProps) {
  const withinPage = useJumpsWithinPage(to);
  if (withinPage)
    return (
      <a {...props} href={to}>
        {children}
      </a>
    );
  return (
    <Link {...props} to={to}>
      {children}
    </Link>
  );
}

interface AppNavLinkProps extends Omit<AppLinkProps, 'className'> {
  className?: string | ((state: { isActive: boolean }) => string);
}

/** A navigation link: marked as the current page (aria-current="page") while its path is shown. */
export function AppNavLink({ to, className, children, ...props }: AppNavLinkProps) {
  return (
    <NavLink {...props} to={to} end className={className}>
      {children}
    </NavLink>
  );
}
