/**
 * Fixed keys of the local stack: the Supabase CLI's well-known demo values.
 *
 * They are public knowledge (printed in Supabase's own docs) and only ever accepted by this
 * machine's local stack, so they are worthless anywhere else. Never use them for a hosted project.
 */

/** HS256 secret that signs every token the local stack issues or accepts. */
export const JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

/** `{ iss: 'supabase-demo', role: 'anon', exp: 1983812996 }` signed with JWT_SECRET. */
export const ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

/** `{ iss: 'supabase-demo', role: 'service_role', exp: 1983812996 }` signed with JWT_SECRET. */
export const SERVICE_ROLE_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6InNlcnZpY2Vfcm9sZSIsImV4cCI6MTk4MzgxMjk5Nn0.EGIM96RAZx35lJzdJsyH-qQwv8Hdp7fsn3W0YpN81IU';
