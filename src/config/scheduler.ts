import { read } from './env';
import { LOCAL_STACK_URL } from './local-stack';

// Where booking links lead (docs/appointments.md "Booking wherever the site runs"). With a scheduler username
// (VITE_SCHEDULER_USERNAME) they go to its Calendly pages. Without one (a local run, the tests) they go to the
// local stack's scheduler stand-in, which books and sends the same signed webhooks, so booking → My Account →
// admin can be walked on one machine. A build for a hosted backend without a username fails instead
// (`schedulerBuildProblem`, scripts/scheduler-build-check.ts), so no placeholder link ever ships.

const CALENDLY_ORIGIN = 'https://calendly.com';
/** The stand-in's booking pages, under the local stack (supabase/local/scheduler/). */
export const SCHEDULER_STAND_IN_PATH = '/_local/scheduler';
/** The path segment the stand-in's booking page is given when no username is configured (it takes any). */
const STAND_IN_USERNAME = 'local-practice';

export interface SchedulerConfig {
  /** True when the links lead to the local stand-in (no username configured). */
  local: boolean;
  /** The origin the booking pages (and the embed's messages) come from. */
  origin: string;
  /** What `/<username>/50min` is appended to. */
  base: string;
  username: string;
  profileUrl: string;
  bookingUrl: string;
  embedScriptUrl: string;
}

export function schedulerConfig(username: string | undefined, stackUrl: string): SchedulerConfig {
  const local = username === undefined;
  const base = local ? `${stackUrl.replace(/\/+$/, '')}${SCHEDULER_STAND_IN_PATH}` : CALENDLY_ORIGIN;
  const name = username ?? STAND_IN_USERNAME;
  return {
    local,
    origin: new URL(base).origin,
    base,
    username: name,
    profileUrl: `${base}/${name}`,
    bookingUrl: `${base}/${name}/50min`,
    embedScriptUrl: 'https://assets.calendly.com/assets/external/widget.js',
  };
}

export const scheduler = schedulerConfig(
  read('VITE_SCHEDULER_USERNAME'),
  read('VITE_SUPABASE_URL') ?? LOCAL_STACK_URL,
);
