/**
 * Whether a path shows the page of a route path. Every route path of the site is static (src/config/paths.ts),
 * so this is a comparison: letter case and trailing slashes are ignored, as browsers and links vary in both.
 */
export function matchesPath(routePath: string, pathname: string): boolean {
  const normal = (path: string) => path.replace(/\/+$/, '').toLowerCase();
  return normal(routePath) === normal(pathname);
}
