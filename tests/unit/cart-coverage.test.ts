import { describe, expect, it } from 'vitest';
import { priceCart, splitPence, type PricingDetails } from '@/features/cart/cart-pricing';
import type { CartLine } from '@/features/cart/cart-types';

// The cart priced as create-checkout charges it (docs/money.md "What the cart shows is what is charged").
const guide = { id: 'g', title: 'Self-Hypnosis Inception Guide', pricePence: 299 };
const sleep = { id: 's', title: 'Sleep Deeply Tonight', pricePence: 299 };
const calm = { id: 'c', title: 'Calm Mind', pricePence: 299 };
const breathe = { id: 'b', title: 'Easy Breathing', pricePence: 299 };
const other = { id: 'o', title: 'Other', pricePence: 299 };

const catalogue: Record<string, PricingDetails> = {
  'product:guide': { ...guide, category: 'Foundation' },
  'product:sleep': { ...sleep, category: 'Insomnia' },
  'product:other': { ...other, category: 'Confidence' },
  'package:sleep-pack': {
    id: 'k1',
    title: 'Better Sleep Package',
    category: 'Package · Insomnia',
    pricePence: 699,
    members: [sleep, calm, breathe, guide],
  },
  'package:calm-pack': {
    id: 'k2',
    title: 'Calm Package',
    category: 'Package · Anxiety',
    pricePence: 699,
    members: [calm, other, breathe, guide],
  },
};
const lookup = (line: CartLine) => catalogue[`${line.kind}:${line.slug}`] ?? null;
const product = (slug: string): CartLine => ({ kind: 'product', slug });
const pack = (slug: string): CartLine => ({ kind: 'package', slug });

describe('priceCart: what is already covered', () => {
  it('an audio a package in the same cart includes is flagged and not charged, whichever comes first', () => {
    for (const items of [
      [product('guide'), pack('sleep-pack')],
      [pack('sleep-pack'), product('guide')],
    ]) {
      const priced = priceCart(items, lookup);
      const guideLine = priced.lines.find((line) => line.line.slug === 'guide');
      expect(guideLine).toMatchObject({ status: 'included', chargePence: 0 });
      expect(guideLine?.includedIn?.title).toBe('Better Sleep Package');
      expect(priced.totalPence).toBe(699);
      expect(priced.payable).toEqual([{ kind: 'package', id: 'k1' }]);
      expect(priced.flagged).toHaveLength(1);
    }
  });

  it('an owned audio is flagged and not charged', () => {
    const priced = priceCart([product('sleep'), product('other')], lookup, new Set(['s']));
    expect(priced.lines.map((line) => line.status)).toEqual(['owned', 'payable']);
    expect(priced.totalPence).toBe(299);
  });

  it('a package mostly owned is charged without the owned audios’ shares, as the database splits them', () => {
    const priced = priceCart([pack('sleep-pack')], lookup, new Set(['s', 'c', 'g']));
    const [line] = priced.lines;
    expect(line?.status).toBe('payable');
    expect(line?.leftOut).toEqual([
      { title: 'Sleep Deeply Tonight', owned: true },
      { title: 'Calm Mind', owned: true },
      { title: 'Self-Hypnosis Inception Guide', owned: true },
    ]);
    // 699 over four equal weights: 175, 175, 175, 174.
    expect(line?.chargePence).toBe(175);
    expect(priced.totalPence).toBe(175);
    expect(priced.flagged).toEqual([line]);
  });

  it('a second package leaves out what the first brings; one wholly covered is not charged', () => {
    const priced = priceCart([pack('sleep-pack'), pack('calm-pack')], lookup);
    expect(priced.lines[1]?.leftOut.map((item) => item.title)).toEqual([
      'Calm Mind',
      'Easy Breathing',
      'Self-Hypnosis Inception Guide',
    ]);
    expect(priced.totalPence).toBe(699 + 175);
    const covered = priceCart([pack('sleep-pack'), pack('sleep-pack-again')], (line) =>
      line.slug === 'sleep-pack-again' ? { ...catalogue['package:sleep-pack']!, id: 'k3' } : lookup(line),
    );
    expect(covered.lines[1]?.status).toBe('covered');
    expect(covered.totalPence).toBe(699);
  });

  it('a package whose every audio is owned is flagged as owned', () => {
    const priced = priceCart([pack('sleep-pack'), product('guide')], lookup, new Set(['s', 'c', 'b', 'g']));
    expect(priced.lines.map((line) => line.status)).toEqual(['owned', 'owned']);
    expect(priced.totalPence).toBe(0);
    expect(priced.payable).toEqual([]);
  });
});

describe('splitPence', () => {
  it('splits exactly, the pennies left to the largest remainders, ties to the earlier', () => {
    expect(splitPence(699, [299, 299, 299, 299])).toEqual([175, 175, 175, 174]);
    expect(splitPence(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(splitPence(10, [0, 0])).toEqual([10, 0]);
    expect(splitPence(1000, [1, 3])).toEqual([250, 750]);
  });
});
