import { describe, expect, it } from 'vitest';
import { CatalogueFormatError, mapPackageRows, mapProductRows } from '@/features/catalogue/catalogue-rows';
import { categoryAnchor, filterProducts, groupByCategory } from '@/features/catalogue/catalogue-groups';
import { catalogueLookup } from '@/features/catalogue/catalogue-lookup';
import { isPackageOwned, ownershipCheck, packageValue, productsById } from '@/features/catalogue/package-value';
import type { CatalogueProduct } from '@/features/catalogue/catalogue-types';

function productRow(slug: string, category: string, sortOrder: number, title = slug) {
  return {
    id: `id-${slug}`,
    slug,
    title,
    category,
    description: `About ${title}`,
    price_pence: 299,
    duration_seconds: 1200,
    preview_path: `previews/${slug}.mp3`,
    sort_order: sortOrder,
  };
}

const rows = [
  productRow('sleep-deeply', 'Insomnia', 2201, 'Sleep Deeply Tonight'),
  productRow(
    'self-hypnosis-inception-guide',
    'Self-Hypnosis Foundation',
    101,
    'The Self-Hypnosis Inception Guide',
  ),
  productRow('first-session', 'Self-Hypnosis Foundation', 102, 'Your First Self-Hypnosis Session'),
  productRow('wake-refreshed', 'Insomnia', 2203, 'Wake Refreshed'),
  productRow('quiet-mind', 'Insomnia', 2202, 'Quiet the Racing Mind'),
];
const products = mapProductRows(rows);

describe('catalogue rows', () => {
  it('maps REST rows in catalogue order', () => {
    expect(products.map((p) => p.slug)).toEqual([
      'self-hypnosis-inception-guide',
      'first-session',
      'sleep-deeply',
      'quiet-mind',
      'wake-refreshed',
    ]);
    expect(products[0]).toMatchObject({
      pricePence: 299,
      durationSeconds: 1200,
      previewPath: 'previews/self-hypnosis-inception-guide.mp3',
    });
  });

  it('refuses rows of the wrong shape', () => {
    expect(() => mapProductRows([{ ...rows[0], price_pence: '2.99' }])).toThrow(CatalogueFormatError);
    expect(() => mapProductRows({})).toThrow(CatalogueFormatError);
  });

  it('maps packages with their products in position order', () => {
    const [pkg] = mapPackageRows([
      {
        id: 'k',
        slug: 'insomnia-package',
        title: 'Better Sleep Package',
        description: '',
        category: 'Insomnia',
        price_pence: 699,
        sort_order: 22,
        package_items: [
          { product_id: 'id-self-hypnosis-inception-guide', position: 4 },
          { product_id: 'id-sleep-deeply', position: 1 },
          { product_id: 'id-wake-refreshed', position: 3 },
          { product_id: 'id-quiet-mind', position: 2 },
        ],
      },
    ]);
    expect(pkg?.productIds).toEqual([
      'id-sleep-deeply',
      'id-quiet-mind',
      'id-wake-refreshed',
      'id-self-hypnosis-inception-guide',
    ]);
  });

  it('groups by category in catalogue order with anchors', () => {
    const groups = groupByCategory(products);
    expect(groups.map((g) => [g.name, g.products.length])).toEqual([
      ['Self-Hypnosis Foundation', 2],
      ['Insomnia', 3],
    ]);
    expect(categoryAnchor('Coping with Loss and Grief')).toBe('category-coping-with-loss-and-grief');
  });

  it('filters case-insensitively on title, category and description', () => {
    expect(filterProducts(products, 'WAKE').map((p) => p.slug)).toEqual(['wake-refreshed']);
    expect(filterProducts(products, ' insomnia ')).toHaveLength(3);
    expect(filterProducts(products, 'about your first')).toHaveLength(1);
    expect(filterProducts(products, '')).toHaveLength(5);
    expect(filterProducts(products, 'nothing like this')).toEqual([]);
  });
});

describe('packages', () => {
  const byId = productsById(products);
  const pkg = {
    id: 'k',
    slug: 'insomnia-package',
    title: 'Better Sleep Package',
    description: '',
    category: 'Insomnia',
    pricePence: 699,
    sortOrder: 22,
    productIds: ['id-sleep-deeply', 'id-quiet-mind', 'id-wake-refreshed', 'id-self-hypnosis-inception-guide'],
  };

  it('counts the saving against the three audios bought separately, the guide free', () => {
    const value = packageValue(pkg, byId);
    expect(value.contents.map((c) => [c.product.slug, c.free])).toEqual([
      ['sleep-deeply', false],
      ['quiet-mind', false],
      ['wake-refreshed', false],
      ['self-hypnosis-inception-guide', true],
    ]);
    expect(value.separatePence).toBe(897);
    expect(value.savingPence).toBe(198);
  });

  it('is owned only when every audio in it is', () => {
    const some = new Set(['id-sleep-deeply', 'id-quiet-mind', 'id-wake-refreshed']);
    expect(isPackageOwned(pkg, some)).toBe(false);
    expect(isPackageOwned(pkg, new Set([...some, 'id-self-hypnosis-inception-guide']))).toBe(true);
    const owns = ownershipCheck([pkg], some);
    expect(owns({ kind: 'product', id: 'id-quiet-mind' })).toBe(true);
    expect(owns({ kind: 'package', id: 'k' })).toBe(false);
  });

  it('looks items up by slug with today’s id, title, category and price', () => {
    const lookup = catalogueLookup(products as CatalogueProduct[], [pkg]);
    expect(lookup({ kind: 'product', slug: 'wake-refreshed' })).toEqual({
      id: 'id-wake-refreshed',
      title: 'Wake Refreshed',
      category: 'Insomnia',
      pricePence: 299,
    });
    expect(lookup({ kind: 'package', slug: 'insomnia-package' })).toEqual({
      id: 'k',
      title: 'Better Sleep Package',
      category: 'Package · Insomnia',
      pricePence: 699,
    });
    expect(lookup({ kind: 'package', slug: 'wake-refreshed' })).toBeNull();
    expect(lookup({ kind: 'product', slug: 'id-wake-refreshed' })).toBeNull(); // an id is no slug
  });
});
