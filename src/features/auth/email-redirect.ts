import { safeRedirectPath } from './validation';

// Every emailed link returns the person to where they were going (docs/auth-links.md, "Where a link returns
// to"): the page asks the auth service for a redirect URL on this site, the templates put that URL in the
// link's `next`, and /auth/confirm goes there.

/** The redirect URL for an emailed link: this site's origin and the path the visitor was going to. */
export function emailRedirectUrl(path: string, origin = window.location.origin): string {
  return `${origin}${safeRedirectPath(path)}`;
}

/**
 * A link's `next` as a path on this site, or '/': a path as it is (normalised), or a URL of this very origin
 * (what the templates' {{ .RedirectTo }} is) as its path; any other site is refused.
 */
export function nextPathFrom(value: string | null, origin: string): string {
  if (!value) return '/';
  if (!/^https?:\/\//i.test(value)) return safeRedirectPath(value);
  try {
    const url = new URL(value);
    if (url.origin !== origin) return '/';
    return safeRedirectPath(`${url.pathname}${url.search}${url.hash}`);
  } catch {
    return '/';
  }
}

/** The page a recovery link finishes on carries where to go after it (`/update-password?next=…`). */
export function updatePasswordRedirect(next: string, updatePasswordPath: string): string {
  const path = safeRedirectPath(next);
  return path === '/'
    ? updatePasswordPath
    : `${updatePasswordPath}?${new URLSearchParams({ next: path }).toString()}`;
}
