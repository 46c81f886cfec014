import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import { resetCatalogueForTests } from '@/features/catalogue/catalogue-api';
import { resetAppQueryClient } from '@/lib/query-client';

// jsdom's <dialog> lacks a working modal mode and close event; give it the parts the app uses.
if (typeof HTMLDialogElement !== 'undefined') {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
window.scrollTo = () => {};

// Lazily loaded page parts arrive through a dynamic import; on a busy 2-core machine that can take longer than
// Testing Library's default second, so findBy*/waitFor wait up to five.
configure({ asyncUtilTimeout: 5_000 });

// Any console.error during a test fails it (Epic Stack convention): errors must be expected and asserted.
let errorSpy: ReturnType<typeof vi.spyOn>;
beforeEach(() => {
  errorSpy = vi.spyOn(console, 'error');
});
afterEach(() => {
  cleanup();
  // The app's one query client and the catalogue read live for the whole visit: each test is a new visit.
  resetAppQueryClient();
  resetCatalogueForTests();
  const calls = errorSpy.mock.calls as unknown[][];
  errorSpy.mockRestore();
  if (calls.length > 0) {
    throw new Error(`console.error was called during the test:\n${calls.map((c) => c.map(String).join(' ')).join('\n')}`);
  }
});
