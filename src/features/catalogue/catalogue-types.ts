/** A published single audio (table products). Money in pence. */
export interface CatalogueProduct {
  id: string;
  slug: string;
  title: string;
  category: string;
  description: string;
  pricePence: number;
  durationSeconds: number | null;
  /** Object name of the free preview clip in the private 'audio' bucket; null when there is none. */
  previewPath: string | null;
  sortOrder: number;
}

/** A published package (tables packages + package_items): its products in position order. */
export interface CataloguePackage {
  id: string;
  slug: string;
  title: string;
  description: string;
  category: string;
  pricePence: number;
  sortOrder: number;
  productIds: string[];
}

/** The whole published catalogue, as the build embeds it in the shop pages. */
export interface Catalogue {
  products: CatalogueProduct[];
  packages: CataloguePackage[];
}

export interface CatalogueCategory {
  name: string;
  /** For in-page anchors: 'category-anxiety-and-stress'. */
  anchor: string;
  products: CatalogueProduct[];
}

export type CatalogueItemKind = 'product' | 'package';

/** How an item stands for this visitor: buyable, already in the cart, or already in their account. */
export type ItemAvailability = 'available' | 'in-cart' | 'owned';

/** A catalogue item as the shop's buttons name it: its id (ownership) and its slug (the cart). */
export interface ShopItemRef {
  kind: CatalogueItemKind;
  id: string;
  slug: string;
}

/** What a catalogue page needs from the cart and the account; the route composes them. */
export interface ShopActions {
  availability: (item: ShopItemRef) => ItemAvailability;
  /** Adds at once, from whatever catalogue is shown (the prerendered snapshot too): prices are confirmed at checkout. */
  add: (item: ShopItemRef, title: string) => void;
}
