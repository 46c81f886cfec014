import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { settingsScript } from '@/features/accessibility/settings-script';
import { consentScript } from '@/features/consent/consent-script';
import { earlyInputScript } from '@/lib/early-input-script';
import {
  beforePaintScripts,
  beforePaintScriptsPlugin,
  inlineBeforePaintScripts,
  placeholderFor,
} from '../../scripts/before-paint-scripts';

// The before-paint scripts are written once, in their modules; the build puts them into index.html
// (scripts/before-paint-scripts.ts). These tests run the build's own transform on index.html.

const srcDir = resolve('src');
const source = readFileSync('index.html', 'utf8');

async function builtIndexHtml(): Promise<string> {
  const { transformIndexHtml } = beforePaintScriptsPlugin(srcDir);
  if (typeof transformIndexHtml !== 'object' || !('handler' in transformIndexHtml))
    throw new Error('no handler');
  const handler = transformIndexHtml.handler as (html: string) => Promise<string>;
  return handler(source);
}

describe('the before-paint scripts', () => {
  it('are not copied into index.html: it holds one placeholder for each', () => {
    for (const { name } of beforePaintScripts) {
      expect(source.split(placeholderFor(name))).toHaveLength(2);
    }
    expect(source).not.toMatch(/<script>/);
  });

  it('are compiled from their modules into the built index.html, in <head>, in order, as classic scripts', async () => {
    const html = await builtIndexHtml();
    const head = html.slice(0, html.indexOf('</head>'));
    const positions = [settingsScript, earlyInputScript, consentScript].map((text) =>
      head.indexOf(`<script>${text}</script>`),
    );
    expect(positions.every((position) => position > 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(html).not.toContain('<!--before-paint:');
  });

  it('stop the build when index.html lacks a placeholder or a script would end its element', () => {
    const texts = new Map([
      ['settings', 's()'],
      ['early-input', 'e()'],
      ['consent', 'c()'],
    ] as const);
    expect(() => inlineBeforePaintScripts('<head></head>', texts)).toThrow('index.html has no');
    const unsafe = new Map([...texts, ['consent', '"</script>"']] as const);
    expect(() => inlineBeforePaintScripts(source, unsafe)).toThrow('contains </script');
    expect(inlineBeforePaintScripts(source, texts)).toContain('<script>s()</script>');
  });
});
