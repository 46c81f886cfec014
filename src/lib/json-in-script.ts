/**
 * JSON that is safe as the text of a <script> element (JSON-LD, a data block): `<`, `>` and `&` are written as
 * \u escapes, so no "</script>" or HTML comment in a value can end the element early. JSON.parse reads it back
 * unchanged.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}
