// The one build setting a production build cannot do without (docs/appointments.md "Booking wherever the site runs").

const LOCAL_HOSTNAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * Why this build must not go ahead, or null. A production build is one for a hosted backend: VITE_SUPABASE_URL
 * set to an origin other than this machine's. Without VITE_SCHEDULER_USERNAME its booking links would lead to
 * the local scheduler stand-in, which does not exist there (src/config/scheduler.ts). Local runs, the tests and
 * CI build against the local stack (no VITE_SUPABASE_URL, or a localhost one) and need no username.
 */
export function schedulerBuildProblem(
  environment: Record<string, string | undefined> = process.env,
): string | null {
  if (environment.VITE_SCHEDULER_USERNAME?.trim()) return null;
  const supabaseUrl = environment.VITE_SUPABASE_URL?.trim();
  if (!supabaseUrl) return null;
  let hostname: string;
  try {
    hostname = new URL(supabaseUrl).hostname;
  } catch {
    return null; // the site's own configuration check names a malformed URL
  }
  if (LOCAL_HOSTNAMES.has(hostname)) return null;
  return (
    `VITE_SCHEDULER_USERNAME is not set, but this build is for the hosted backend ${new URL(supabaseUrl).origin}. ` +
    "Set it to the practice's Calendly username (the part after calendly.com/) so the booking buttons lead to " +
    'its 50-minute page; without it they would lead to the local scheduler stand-in (README.md "Configuration").'
  );
}
