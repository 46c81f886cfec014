import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

// What browsers require to install the site (docs/offline-listening.md "The installable site").
const manifest = JSON.parse(readFileSync('public/site.webmanifest', 'utf8')) as {
  name: string;
  short_name: string;
  start_url: string;
  display: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
};

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): [number, number] {
  const bytes = readFileSync(path);
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return [bytes.readUInt32BE(16), bytes.readUInt32BE(20)];
}

describe('the web app manifest', () => {
  it('names the app, opens My Account standalone, and has the theme colour of the pages', () => {
    expect(manifest.name).toBeTruthy();
    expect(manifest.short_name.length).toBeLessThanOrEqual(12);
    expect(manifest.start_url).toBe('/account');
    expect(manifest.display).toBe('standalone');
    const html = readFileSync('index.html', 'utf8');
    expect(html).toContain(`<meta name="theme-color" content="${manifest.theme_color}" />`);
    expect(html).toContain('<link rel="manifest" href="/site.webmanifest" />');
  });

  it('has PNG icons of 192 and 512 px, for any use and maskable, each of the size it claims', () => {
    for (const purpose of ['any', 'maskable'])
      for (const size of [192, 512]) {
        const icon = manifest.icons.find((i) => i.purpose === purpose && i.sizes === `${size}x${size}`);
        expect(icon?.type, `${purpose} ${size}`).toBe('image/png');
        expect(pngSize(`public${icon!.src}`)).toEqual([size, size]);
      }
  });
});
