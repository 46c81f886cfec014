import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  isAppleMobile,
  MIN_QUOTA_BYTES,
  offlineSupport,
  type BrowserFacts,
} from '@/lib/offline/storage-support';

const chrome: BrowserFacts = {
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  maxTouchPoints: 0,
  hasCacheStorage: true,
  hasServiceWorker: true,
};
const iphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';
const macSafari =
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15';
const roomy = { usage: 10_000_000, quota: 50_000_000_000 };

describe('offline support', () => {
  it('is offered by a browser with Cache Storage, service workers and room', () => {
    expect(offlineSupport(chrome, roomy)).toBe('supported');
    expect(offlineSupport(chrome, null)).toBe('supported');
  });

  it('is not offered on iPhone, or on an iPad that calls itself a Mac, whatever the quota', () => {
    expect(offlineSupport({ ...chrome, userAgent: iphone, maxTouchPoints: 5 }, roomy)).toBe('apple-mobile');
    expect(offlineSupport({ ...chrome, userAgent: macSafari, maxTouchPoints: 5 }, roomy)).toBe(
      'apple-mobile',
    );
    // A Mac with a mouse is a computer.
    expect(offlineSupport({ ...chrome, userAgent: macSafari, maxTouchPoints: 0 }, roomy)).toBe('supported');
    expect(isAppleMobile({ userAgent: iphone, maxTouchPoints: 0 })).toBe(true);
  });

  it('is not offered when the quota is small or the browser lacks the APIs', () => {
    expect(offlineSupport(chrome, { usage: 0, quota: MIN_QUOTA_BYTES - 1 })).toBe('small-quota');
    expect(offlineSupport(chrome, { usage: 0, quota: MIN_QUOTA_BYTES })).toBe('supported');
    expect(offlineSupport({ ...chrome, hasCacheStorage: false }, roomy)).toBe('unsupported');
    expect(offlineSupport({ ...chrome, hasServiceWorker: false }, roomy)).toBe('unsupported');
  });
});

describe('formatBytes', () => {
  it('uses decimal units as devices show storage', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(1_440_000)).toBe('1.4 MB');
    expect(formatBytes(340_000_000)).toBe('340 MB');
    expect(formatBytes(12_500_000_000)).toBe('12.5 GB');
    expect(formatBytes(Number.NaN)).toBe('0 bytes');
  });
});
