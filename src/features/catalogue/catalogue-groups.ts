import type { CatalogueCategory, CatalogueProduct } from './catalogue-types';

// How /individual-audios groups and filters the catalogue: part of its first load, apart from the row
// mapping of catalogue-rows.ts, which only the live read needs.

export function categoryAnchor(name: string): string {
  return `category-${name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')}`;
}

/** Products grouped by category, categories in catalogue order (the order of their first product). */
export function groupByCategory(products: readonly CatalogueProduct[]): CatalogueCategory[] {
  const categories = new Map<string, CatalogueCategory>();
  for (const product of products) {
    let category = categories.get(product.category);
    if (!category) {
      category = { name: product.category, anchor: categoryAnchor(product.category), products: [] };
      categories.set(product.category, category);
    }
    category.products.push(product);
  }
  return [...categories.values()];
}

/** Case-insensitive match of the filter text against title, category and description. */
export function filterProducts(products: readonly CatalogueProduct[], term: string): CatalogueProduct[] {
  const needle = term.trim().toLocaleLowerCase('en-GB');
  if (needle === '') return [...products];
  return products.filter((product) =>
    [product.title, product.category, product.description].some((text) =>
      text.toLocaleLowerCase('en-GB').includes(needle),
    ),
  );
}
