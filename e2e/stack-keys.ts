import { keyModelFromEnv, publicKeyOf } from '../supabase/local/keys';

/** The key the site sends as `apikey` to the stack these tests run against (its key model: SUPABASE_LOCAL_KEYS). */
export const PUBLIC_KEY = publicKeyOf(keyModelFromEnv());
