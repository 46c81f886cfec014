// Stripe's request encoding: application/x-www-form-urlencoded with bracketed keys
// (`line_items[0][price_data][currency]=gbp`, `expand[0]=line_items`), as the official SDK sends it.

export type FormValue = string | FormValue[] | { [key: string]: FormValue };
export type FormObject = { [key: string]: FormValue };

function keyPath(key: string): string[] {
  const head = /^[^[]*/.exec(key)?.[0] ?? '';
  const rest = [...key.slice(head.length).matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '');
  return [head, ...rest];
}

function toArrays(value: FormValue): FormValue {
  if (typeof value === 'string' || Array.isArray(value)) return value;
  const keys = Object.keys(value);
  const converted: FormObject = {};
  for (const key of keys) converted[key] = toArrays(value[key] as FormValue);
  if (keys.length > 0 && keys.every((key) => /^\d+$/.test(key))) {
    return keys.sort((a, b) => Number(a) - Number(b)).map((key) => converted[key] as FormValue);
  }
  return converted;
}

/** Parses bracketed form keys into nested objects and arrays. */
export function parseStripeForm(body: string): FormObject {
  const root: FormObject = {};
  const params = new URLSearchParams(body);
  for (const [key, value] of params) {
    const path = keyPath(key);
    let node: FormObject = root;
    path.forEach((part, index) => {
      const name = part === '' ? String(Object.keys(node).length) : part;
      if (index === path.length - 1) {
        node[name] = value;
        return;
      }
      const next = node[name];
      if (typeof next !== 'object' || next === null || Array.isArray(next)) node[name] = {};
      node = node[name] as FormObject;
    });
  }
  return toArrays(root) as FormObject;
}

export function str(value: FormValue | undefined): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function obj(value: FormValue | undefined): FormObject | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? value : undefined;
}

export function list(value: FormValue | undefined): FormValue[] {
  if (Array.isArray(value)) return value;
  return value === undefined ? [] : [value];
}
