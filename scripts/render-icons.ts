import { readFile, writeFile } from 'node:fs/promises';
import { chromium } from '@playwright/test';

// Renders the installable site's PNG icons (public/icons/, named in public/site.webmanifest) from their SVG
// sources in Chromium: `npx tsx scripts/render-icons.ts` after changing public/favicon.svg or
// public/icons/icon-maskable.svg. The maskable icon fills the square and keeps its symbol inside the central
// 80 % safe zone, so a launcher may crop it to any shape.
const sources = [
  { svg: 'public/favicon.svg', name: 'icon' },
  { svg: 'public/icons/icon-maskable.svg', name: 'icon-maskable' },
];
const sizes = [192, 512];

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  for (const { svg, name } of sources) {
    const markup = await readFile(svg, 'utf8');
    for (const size of sizes) {
      const page = await browser.newPage({ viewport: { width: size, height: size } });
      await page.setContent(
        `<style>html,body{margin:0;background:transparent}svg{display:block;width:${size}px;height:${size}px}</style>${markup}`,
      );
      await writeFile(`public/icons/${name}-${size}.png`, await page.screenshot({ omitBackground: true }));
      await page.close();
    }
  }
} finally {
  await browser.close();
}
