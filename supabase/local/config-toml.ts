import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * A tiny reader for the subset of TOML that supabase/config.toml uses: `[table.headers]`, `key = value`
 * with strings, integers, floats, booleans and single-line arrays of those, and `#` comments.
 * Enough to share one config file with the Supabase CLI without adding a dependency.
 */
export type TomlValue = string | number | boolean | TomlValue[] | TomlTable;
export type TomlTable = { [key: string]: TomlValue };

export function parseToml(text: string): TomlTable {
  const root: TomlTable = {};
  let current = root;
  const lines = text.split(/\r?\n/);
  lines.forEach((raw, index) => {
    const line = stripComment(raw).trim();
    if (!line) return;
    const header = /^\[([^[\]]+)\]$/.exec(line);
    if (header) {
      current = root;
      for (const part of splitKey(header[1] ?? '')) {
        const next = current[part];
        if (next === undefined) current[part] = {};
        else if (typeof next !== 'object' || Array.isArray(next))
          throw tomlError(index, `'${part}' is not a table`);
        current = current[part] as TomlTable;
      }
      return;
    }
    const eq = line.indexOf('=');
    if (eq <= 0) throw tomlError(index, 'expected key = value');
    const keyPath = splitKey(line.slice(0, eq));
    const value = parseValue(line.slice(eq + 1).trim(), index);
    let target = current;
    keyPath.slice(0, -1).forEach((part) => {
      if (target[part] === undefined) target[part] = {};
      target = target[part] as TomlTable;
    });
    target[keyPath[keyPath.length - 1] ?? ''] = value;
  });
  return root;
}

function tomlError(index: number, message: string): Error {
  return new Error(`config.toml line ${index + 1}: ${message}`);
}

function stripComment(line: string): string {
  let quote: string | null = null;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === '#') return line.slice(0, i);
  }
  return line;
}

function splitKey(key: string): string[] {
  return key.split('.').map((part) => part.trim().replace(/^"(.*)"$/, '$1'));
}

function parseValue(text: string, index: number): TomlValue {
  if (text.startsWith('"')) return JSON.parse(text) as string;
  if (text.startsWith("'") && text.endsWith("'")) return text.slice(1, -1);
  if (text === 'true' || text === 'false') return text === 'true';
  if (text.startsWith('[')) {
    if (!text.endsWith(']')) throw tomlError(index, 'arrays must fit on one line');
    const inner = text.slice(1, -1).trim();
    if (!inner) return [];
    return splitArray(inner).map((item) => parseValue(item.trim(), index));
  }
  const number = Number(text.replace(/_/g, ''));
  if (text !== '' && Number.isFinite(number)) return number;
  throw tomlError(index, `unsupported value ${text}`);
}

function splitArray(inner: string): string[] {
  const items: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < inner.length; i++) {
    const c = inner[i];
    if (quote) {
      if (c === '\\' && quote === '"') i++;
      else if (c === quote) quote = null;
    } else if (c === '"' || c === "'") quote = c;
    else if (c === ',') {
      items.push(inner.slice(start, i));
      start = i + 1;
    }
  }
  const last = inner.slice(start);
  if (last.trim()) items.push(last);
  return items;
}

/** What the local stack takes from supabase/config.toml. */
export type StackConfig = {
  siteUrl: string;
  additionalRedirectUrls: string[];
  jwtExpiry: number;
  minimumPasswordLength: number;
  enableConfirmations: boolean;
  /** [auth.email] secure_password_change: a password change needs a sign-in within the last 24 hours. */
  securePasswordChange: boolean;
  refreshTokenReuseInterval: number;
  otpExpiry: number;
  /**
   * [auth.rate_limit]: requests per 5 minutes per IP address (hosted defaults: 30 and 30); and [auth.email]
   * max_frequency: the seconds before another auth email of one kind may go to one address.
   */
  rateLimits: { signInSignUps: number; tokenVerifications: number; emailMaxFrequencySeconds: number };
  fileSizeLimit: number;
  maxRows: number | null;
  functions: Record<string, { verifyJwt: boolean }>;
  /** [auth.email.template.<kind>]: subject and the template file (absolute), as the Supabase CLI reads them. */
  emailTemplates: Partial<Record<EmailTemplateKind, { subject: string; contentPath: string }>>;
};

export const emailTemplateKinds = ['confirmation', 'recovery', 'email_change'] as const;
export type EmailTemplateKind = (typeof emailTemplateKinds)[number];

function table(value: TomlValue | undefined): TomlTable {
  return value && typeof value === 'object' && !Array.isArray(value) ? value : {};
}

function num(value: TomlValue | undefined, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

/** A Go duration as config.toml writes it ("60s", "1m", "1m30s", "500ms") → seconds; else the fallback. */
export function parseDurationSeconds(value: TomlValue | undefined, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string' || !/^(\d+(\.\d+)?(h|ms|m|s))+$/.test(value.trim())) return fallback;
  const unit: Record<string, number> = { h: 3600, m: 60, s: 1, ms: 0.001 };
  let seconds = 0;
  for (const [, amount, , name] of value.trim().matchAll(/(\d+(\.\d+)?)(h|ms|m|s)/g))
    seconds += Number(amount) * (unit[name ?? 's'] ?? 1);
  return seconds;
}

/** "50MiB" / "5MB" / 1024 → bytes. */
export function parseSize(value: TomlValue | undefined, fallback: number): number {
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') return fallback;
  const match = /^(\d+(?:\.\d+)?)\s*(b|kb|kib|mb|mib|gb|gib)?$/i.exec(value.trim());
  if (!match) return fallback;
  const unit = (match[2] ?? 'b').toLowerCase();
  const factor: Record<string, number> = {
    b: 1,
    kb: 1e3,
    kib: 1024,
    mb: 1e6,
    mib: 1024 ** 2,
    gb: 1e9,
    gib: 1024 ** 3,
  };
  return Math.floor(Number(match[1]) * (factor[unit] ?? 1));
}

/** content_path is relative to the project root (the folder holding supabase/), as for the CLI. */
export function toStackConfig(toml: TomlTable, projectRoot = process.cwd()): StackConfig {
  const auth = table(toml.auth);
  const email = table(auth.email);
  const api = table(toml.api);
  const storage = table(toml.storage);
  const functions: StackConfig['functions'] = {};
  for (const [name, value] of Object.entries(table(toml.functions))) {
    const verify = table(value).verify_jwt;
    functions[name] = { verifyJwt: verify !== false };
  }
  const emailTemplates: StackConfig['emailTemplates'] = {};
  for (const kind of emailTemplateKinds) {
    const template = table(table(email.template)[kind]);
    if (typeof template.subject === 'string' && typeof template.content_path === 'string') {
      emailTemplates[kind] = {
        subject: template.subject,
        contentPath: path.resolve(projectRoot, template.content_path),
      };
    }
  }
  const redirects = Array.isArray(auth.additional_redirect_urls) ? auth.additional_redirect_urls : [];
  return {
    siteUrl: typeof auth.site_url === 'string' ? auth.site_url : 'http://localhost:4173',
    additionalRedirectUrls: redirects.filter((url): url is string => typeof url === 'string'),
    jwtExpiry: num(auth.jwt_expiry, 3600),
    minimumPasswordLength: num(auth.minimum_password_length, 6),
    enableConfirmations: email.enable_confirmations !== false,
    securePasswordChange: email.secure_password_change === true,
    refreshTokenReuseInterval: num(auth.refresh_token_reuse_interval, 10),
    otpExpiry: num(email.otp_expiry, 86_400),
    rateLimits: {
      signInSignUps: num(table(auth.rate_limit).sign_in_sign_ups, 30),
      tokenVerifications: num(table(auth.rate_limit).token_verifications, 30),
      // GoTrue's default is 60 s.
      emailMaxFrequencySeconds: parseDurationSeconds(email.max_frequency, 60),
    },
    fileSizeLimit: parseSize(storage.file_size_limit, 50 * 1024 ** 2),
    maxRows: typeof api.max_rows === 'number' ? api.max_rows : null,
    functions,
    emailTemplates,
  };
}

export function loadStackConfig(file: string): StackConfig {
  return toStackConfig(parseToml(readFileSync(file, 'utf8')), path.dirname(path.dirname(path.resolve(file))));
}
