import { describe, expect, it } from 'vitest';
import { formatPence, poundsToPence } from '@/lib/format';

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
      expect(formatPence(pence, { exact: true })).toBe(exact.format(pence / 100));
    }
  });

  it('keeps the pence of whole amounts when exact', () => {
    expect(formatPence(700, { exact: true })).toBe('£7.00');
    expect(formatPence(0, { exact: true })).toBe('£0.00');
    expect(formatPence(-150000, { exact: true })).toBe('-£1,500.00');
  });
});

describe('poundsToPence', () => {
  it('converts pounds to whole pence without floating-point pennies', () => {
    expect(poundsToPence(2.99)).toBe(299);
    expect(poundsToPence(15)).toBe(1500);
    expect(poundsToPence(0.1 + 0.2)).toBe(30);
    expect(poundsToPence(1500)).toBe(150000);
  });
});
