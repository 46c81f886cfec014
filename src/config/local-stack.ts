/**
 * The local stack's default address (`npm start`, `npm run dev`), in a module of its own: the booking links'
 * configuration (in every page's first load) needs it, and supabase-env.ts, with the key, must stay out of that.
 */
export const LOCAL_STACK_URL = 'http://localhost:54321';
