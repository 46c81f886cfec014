/** How long the object URL of a saved file stays valid: long enough for the browser to start the save. */
const REVOKE_AFTER_MS = 30_000;

/**
 * Saves `blob` as a file called `fileName` through a same-origin object URL. The address the browser sees is
 * `blob:<origin>/<uuid>`: neither the file's name nor what it contains appears in any URL (docs/product-rules.md D26
 * "Health data").
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
