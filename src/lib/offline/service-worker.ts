// The offline worker (Workbox), built into /sw.js by scripts/build-service-worker.ts and registered by
// register-offline-worker.ts only when a signed-in customer keeps audio on the device. Its scope is /account:
// marketing pages never load or wait for it. It answers three things:
// - My Account's page: from the network when online (always the newest), else the shell precached at install;
// - the shell's scripts and styles: precached at install (hashed names, so never stale);
// - saved audio (/offline-audio/<product id>): only from Cache Storage, with range requests answered from the
//   stored copy so the player can seek offline, and only while the account that saved the copy is the one
//   signed in (the page notes it in Cache Storage and removes the note first on sign-out): a signed-out page,
//   or another account's, gets 404 (docs/security.md "Saved audio after sign-out").
// docs/offline-listening.md describes how a new version reaches visitors.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { clientsClaim } from 'workbox-core';
import { cleanupOutdatedCaches, matchPrecache, precacheAndRoute } from 'workbox-precaching';
import { RangeRequestsPlugin } from 'workbox-range-requests';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { CacheOnly, NetworkFirst } from 'workbox-strategies';
import {
  OFFLINE_AUDIO_CACHE,
  SAVED_FOR_HEADER,
  SIGNED_IN_ACCOUNT_CACHE,
  SIGNED_IN_ACCOUNT_PATH,
} from '../../lib/account-device-names';
import { OFFLINE_AUDIO_PATH, OFFLINE_SHELL_URL } from './offline-worker-config';

interface PrecacheEntry {
  url: string;
  revision: string | null;
}

// Written by the build: the shell's page, scripts, styles and icons, with revisions.
declare const __PRECACHE_MANIFEST__: PrecacheEntry[];
// The worker's global (the app's TypeScript setup has the DOM's types, not the worker's).
declare const self: { skipWaiting: () => Promise<void>; location: Location };

// A new version takes over as soon as it is installed (its precache complete); docs/offline-listening.md.
void self.skipWaiting();
clientsClaim();
cleanupOutdatedCaches();

const SHELL_CACHE = 'account-shell';
const shellFromNetwork = new NetworkFirst({
  cacheName: SHELL_CACHE,
  networkTimeoutSeconds: 5,
  plugins: [new CacheableResponsePlugin({ statuses: [200] })],
});

// Registered before the precache's route, which would otherwise answer /account from the install-time copy
// even when online.
registerRoute(
  new NavigationRoute(
    async (options) => {
      try {
        return await shellFromNetwork.handle(options);
      } catch {
        return (await matchPrecache(OFFLINE_SHELL_URL)) ?? Response.error();
      }
    },
    { allowlist: [/^\/account\/?$/] },
  ),
);

/** The account the page says is signed in (account-device-data.ts), or null when nobody is. */
async function signedInAccount(): Promise<string | null> {
  const note = await (await caches.open(SIGNED_IN_ACCOUNT_CACHE)).match(SIGNED_IN_ACCOUNT_PATH);
  const id = note ? await note.text() : '';
  return id === '' ? null : id;
}

const savedAudio = new CacheOnly({
  cacheName: OFFLINE_AUDIO_CACHE,
  // The stored copy is keyed by its URL alone (the player's Range header must not make it miss).
  matchOptions: { ignoreVary: true, ignoreSearch: true },
  plugins: [
    {
      // Before the range plugin: a copy not saved by the signed-in account is as good as absent.
      cachedResponseWillBeUsed: async ({ cachedResponse }) => {
        if (!cachedResponse) return null;
        const account = await signedInAccount();
        return account !== null && cachedResponse.headers.get(SAVED_FOR_HEADER) === account
          ? cachedResponse
          : null;
      },
    },
    new RangeRequestsPlugin(),
  ],
});

registerRoute(
  ({ url }) => url.origin === self.location.origin && url.pathname.startsWith(OFFLINE_AUDIO_PATH),
  async (options) => {
    try {
      return await savedAudio.handle(options);
    } catch {
      // Not saved here, or not for whoever is signed in: never from the network either.
      return new Response(null, { status: 404 });
    }
  },
);

precacheAndRoute(__PRECACHE_MANIFEST__);
