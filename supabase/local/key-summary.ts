import type { StackKeys } from './keys.ts';

/** The stack's keys as `npm start` and `npm run supabase:local` print them, beside the demo accounts. */
export function keySummary(keys: StackKeys): string {
  const lines =
    keys.model === 'legacy'
      ? [
          `  Anon key (legacy):         ${keys.publishableKey}`,
          `  Service role key (legacy): ${keys.secretKey}`,
          `  JWT secret (HS256):        ${keys.jwtSecret}`,
        ]
      : [
          `  Publishable key: ${keys.publishableKey}`,
          `  Secret key:      ${keys.secretKey}`,
          `  JWT signing key: ES256, kid ${keys.signingKey?.kid ?? '?'} (public keys: /auth/v1/.well-known/jwks.json)`,
        ];
  return [
    ...lines,
    '  (Local demo keys: worthless outside this machine. SUPABASE_LOCAL_KEYS=legacy for the legacy ones.)',
  ].join('\n');
}
