import { describe, expect, it } from 'vitest';
import { shellFiles } from '../../scripts/build-service-worker';

// A Vite manifest of the shape the build writes (dist/.vite/manifest.json), trimmed to what matters.
const manifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_shared-b.js'],
    dynamicImports: ['src/routes/account/account.tsx', 'src/routes/marketing/home.tsx'],
    css: ['assets/index-c.css'],
  },
  '_shared-b.js': { file: 'assets/shared-b.js' },
  '_account-only-d.js': { file: 'assets/account-only-d.js' },
  '_home-only-e.js': { file: 'assets/home-only-e.js' },
  'src/routes/account/account.tsx': {
    file: 'assets/account-f.js',
    isDynamicEntry: true,
    imports: ['_account-only-d.js', '_shared-b.js'],
  },
  'src/routes/marketing/home.tsx': {
    file: 'assets/home-g.js',
    isDynamicEntry: true,
    imports: ['_home-only-e.js'],
  },
  'src/features/player/player-bar.tsx': { file: 'assets/player-bar-h.js', isDynamicEntry: true },
  'src/features/admin/dashboard.tsx': { file: 'assets/dashboard-i.js', isDynamicEntry: true },
  'src/app/island-near-viewport.tsx': { file: 'assets/island-j.js', isDynamicEntry: true },
};

describe('the offline precache', () => {
  it("holds the entry, My Account's and the player's code with their imports, and no other page's", () => {
    expect(shellFiles(manifest)).toEqual([
      'assets/account-f.js',
      'assets/account-only-d.js',
      'assets/index-a.js',
      'assets/index-c.css',
      'assets/player-bar-h.js',
      'assets/shared-b.js',
    ]);
  });
});
