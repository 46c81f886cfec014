// Filters built from a visitor's or an admin's text, for PostgREST's logical operators (or=, and=). The text is
// always one quoted value: a comma, dot, colon or parenthesis in it is data, never a new filter term.

/** `value` as a double-quoted PostgREST value: backslashes and double quotes escaped. */
export function quotePostgrestValue(value: string): string {
  return `"${value.replace(/["\\]/g, (c) => `\\${c}`)}"`;
}

/** An ilike pattern that matches `text` literally anywhere (LIKE's escape, percent and underscore escaped). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** An or= list: any of `columns` contains `text` (case-insensitive). */
export function anyColumnContains(columns: readonly string[], text: string): string {
  const value = quotePostgrestValue(containsPattern(text));
  return columns.map((column) => `${column}.ilike.${value}`).join(',');
}
