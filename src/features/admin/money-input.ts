/** The largest price the form accepts: £9,999.99. */
export const MAX_PRICE_PENCE = 999_999;

/**
 * Pounds and pence as typed ("2.99", "£7", "1,250.5") to whole pence, or null when it is not a price
 * between £0.01 and £9,999.99 with at most two decimal places.
 */
export function parsePounds(input: string): number | null {
  const text = input
    .trim()
    .replace(/^£/, '')
    .replace(/,(?=\d{3}(\D|$))/g, '');
  const match = /^(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const pence = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return pence >= 1 && pence <= MAX_PRICE_PENCE ? pence : null;
}

/** Whole pence to the form's text: 299 → "2.99", 700 → "7.00". */
export function penceToPounds(pence: number): string {
  return (pence / 100).toFixed(2);
}
