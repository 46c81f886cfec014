// Shop constants that are not catalogue data (the catalogue itself lives in the database).

/** The Self-Hypnosis Inception Guide: free with any package (docs/product-rules.md D5 "Prices", docs/product-rules.md §2). */
export const inceptionGuideSlug = 'self-hypnosis-inception-guide';

/** How long a signed preview-clip URL lives: long enough for the clip, short enough not to be a link to share. */
export const previewUrlSeconds = 600;
