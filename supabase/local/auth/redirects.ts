import type { StackContext } from '../stack-context.ts';

function globToRegExp(pattern: string): RegExp {
  // `**` crosses path separators, `*` does not; everything else is literal.
  const source = pattern
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((literal) => literal.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*');
  return new RegExp(`^${source}$`);
}

function originOf(value: string): string | null {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

/**
 * The redirect allow-list: the site URL's origin, plus auth.additional_redirect_urls from config.toml
 * (an entry without wildcards allows its whole origin; `*` and `**` globs match the full URL).
 * Returns the candidate when allowed, else the site URL, as GoTrue does.
 */
export function allowedRedirect(stack: StackContext, candidate: string | null | undefined): string {
  if (!candidate) return stack.siteUrl;
  const origin = originOf(candidate);
  if (!origin) return stack.siteUrl;
  if (origin === originOf(stack.siteUrl)) return candidate;
  for (const entry of stack.config.additionalRedirectUrls) {
    if (entry.includes('*') ? globToRegExp(entry).test(candidate) : originOf(entry) === origin)
      return candidate;
  }
  return stack.siteUrl;
}
