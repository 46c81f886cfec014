/** The Postgres roles a token may name. Anything else is refused, whatever the signature. */
export type ApiRole = 'anon' | 'authenticated' | 'service_role';
