// Every text of the shop: catalogue pages, cart, checkout and the payment return (docs/product-rules.md §2, §4, §8 verbatim).

export const shopSeo = {
  individualAudios: {
    title: 'Individual Audios',
    description: 'Individual self-hypnosis audios across 22 categories at £2.99 each.',
  },
  audioLibrary: {
    title: 'Self-Hypnosis Audio Library',
    description: 'Self-hypnosis audio packages: three related audios plus the free Inception Guide.',
  },
  cart: { title: 'Cart', description: 'Review the self-hypnosis audios in your cart.' },
  checkout: { title: 'Checkout', description: 'Pay securely for your self-hypnosis audios.' },
} as const;

export const catalogueText = {
  individualTitle: 'Individual Self-Hypnosis Audios',
  individualLead:
    'Choose exactly the sessions you need. Listen to a short free preview of any audio before you buy.',
  backToPackages: 'Back to Packages',
  viewPackageDeals: 'View Package Deals',
  packageBonusTitle: 'Package Bonus',
  packageBonusText: 'The Self-Hypnosis Inception Guide is free with any package.',
  filterLabel: 'Filter audios',
  filterPlaceholder: 'Search by title or category…',
  clearFilter: 'Clear filter',
  jumpToCategory: 'Jump to a category',
  categoriesNavLabel: 'Audio categories',
  addToCart: 'Add to Cart',
  /** On every product and package card: what is bought (issue 29). */
  audioFormat: 'MP3 · download and streaming',
  inCart: 'In Cart',
  owned: 'Owned',
  ownedHint: 'In your account',
  loading: 'Loading the audio catalogue…',
  loadError: 'The audio catalogue could not be loaded. Please check your connection and try again.',
  retry: 'Try again',
  libraryTitle: 'Self-Hypnosis Audio Library',
  libraryLead:
    'Each package brings together three related audios plus the Self-Hypnosis Inception Guide, free, for one price.',
  browseIndividual: 'Browse Individual Audios',
  individualPrompt: 'Looking for a single session?',
  packageContents: 'What is included',
  free: 'Free',
  unavailable: 'This item is no longer available.',
} as const;

export function audiosInCategory(count: number): string {
  return `${count} ${count === 1 ? 'audio' : 'audios'}`;
}

export function filterResultsText(shown: number, total: number, term: string): string {
  const base = `Showing ${shown} of ${total} audios`;
  return term.trim() === '' ? base : `${base} matching "${term.trim()}"`;
}

export function noFilterResults(term: string): string {
  return `No audios match "${term.trim()}".`;
}

export function durationText(seconds: number | null): string | null {
  if (seconds === null) return null;
  return `${Math.round(seconds / 60)} min`;
}

export function separatePriceText(separately: string, saving: string): string {
  return `${separately} if bought separately: you save ${saving}`;
}

export function packageItemCount(count: number): string {
  return `${count} audios`;
}

export const previewText = {
  play: (title: string) => `Play preview of ${title}`,
  pause: (title: string) => `Pause preview of ${title}`,
  playing: (title: string) => `Playing preview of ${title}`,
  paused: (title: string) => `Preview of ${title} paused`,
  ended: (title: string) => `Preview of ${title} finished`,
  loading: (title: string) => `Loading preview of ${title}`,
  failed: (title: string) => `The preview of ${title} could not be played.`,
  buttonPlay: 'Preview',
  progressLabel: (title: string) => `Preview of ${title}`,
  progressText: (seconds: number, duration: number) =>
    `${Math.floor(seconds)} of ${Math.round(duration)} seconds`,
} as const;
