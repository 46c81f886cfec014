// The cart's texts that every page may need (the provider's 'Added to Cart' toast, docs/product-rules.md §4 and §8). Kept apart
// from src/content/shop.ts so the shop's copy stays out of the marketing pages' first JavaScript.
export const cartToastText = {
  added: 'Added to Cart',
  addedDescription: (title: string) => `"${title}" is in your cart.`,
} as const;
