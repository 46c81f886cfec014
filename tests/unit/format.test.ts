import { describe, expect, it } from 'vitest';
import { formatPence } from '@/lib/format';

describe('formatPence', () => {
  it('formats as en-GB pounds, dropping the pence of whole amounts', () => {
    expect(formatPence(299)).toBe('£2.99');
    expect(formatPence(12000)).toBe('£120');
    expect(formatPence(150000)).toBe('£1,500');
    expect(formatPence(5)).toBe('£0.05');
    expect(formatPence(0)).toBe('£0');
    expect(formatPence(123456789)).toBe('£1,234,567.89');
    expect(formatPence(-299)).toBe('-£2.99');
  });

  it('agrees with Intl.NumberFormat en-GB over a range of amounts', () => {
    const whole = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP', maximumFractionDigits: 0 });
    const exact = new Intl.NumberFormat('en-GB', { style: 'currency', currency: 'GBP' });
    for (const pence of [1, 99, 100, 101, 999, 1000, 99999, 100000, 100001, 2500050, 999999999]) {
      const expected = pence % 100 === 0 ? whole.format(pence / 100) : exact.format(pence / 100);
      expect(formatPence(pence)).toBe(expected);
    }
  });
});
