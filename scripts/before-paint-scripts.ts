import { runnerImport, type Plugin } from 'vite';

// The three classic scripts that run in index.html's <head> before the first paint: the stored accessibility
// settings on <html>, the early-input guard that keeps presses for code still loading, and the cookie banner's
// before-paint half. Each is written once, in its TypeScript module, and the build puts its text into
// index.html in place of a placeholder comment, so no copy can drift. Their CSP hashes come from the built
// HTML (scripts/build.ts, scripts/security-headers.ts).

/** In the order they must run: the consent script uses the early-input guard (window.__earlyInput). */
export const beforePaintScripts = [
  {
    name: 'settings',
    module: '/src/features/accessibility/settings-script.ts',
    exportName: 'settingsScript',
  },
  { name: 'early-input', module: '/src/lib/early-input-script.ts', exportName: 'earlyInputScript' },
  { name: 'consent', module: '/src/features/consent/consent-script.ts', exportName: 'consentScript' },
] as const;

type ScriptName = (typeof beforePaintScripts)[number]['name'];

export function placeholderFor(name: ScriptName): string {
  return `<!--before-paint:${name}-->`;
}

/** Each script's text, from its module compiled by Vite with the app's `@/` alias. */
export async function loadBeforePaintScripts(srcDir: string): Promise<Map<ScriptName, string>> {
  const texts = new Map<ScriptName, string>();
  for (const { name, module, exportName } of beforePaintScripts) {
    const { module: loaded } = await runnerImport<Record<string, unknown>>(module, {
      configFile: false,
      logLevel: 'silent',
      resolve: { alias: { '@': srcDir } },
    });
    const text = loaded[exportName];
    if (typeof text !== 'string' || text === '') throw new Error(`${module} exports no ${exportName} text`);
    texts.set(name, text);
  }
  return texts;
}

/** index.html with each placeholder replaced by its script; throws when a placeholder is missing. */
export function inlineBeforePaintScripts(html: string, texts: ReadonlyMap<ScriptName, string>): string {
  let result = html;
  for (const { name } of beforePaintScripts) {
    const text = texts.get(name);
    const placeholder = placeholderFor(name);
    if (text === undefined) throw new Error(`No text for the before-paint script ${name}`);
    if (!result.includes(placeholder)) throw new Error(`index.html has no ${placeholder}`);
    // The text must not end the element early: it is inlined as is, not escaped.
    if (/<\/script/i.test(text)) throw new Error(`The before-paint script ${name} contains </script`);
    result = result.replace(placeholder, () => `<script>${text}</script>`);
  }
  return result;
}

/** The Vite plugin: inlines the before-paint scripts into index.html, in dev and at build. */
export function beforePaintScriptsPlugin(srcDir: string): Plugin {
  return {
    name: 'before-paint-scripts',
    transformIndexHtml: {
      order: 'pre',
      handler: async (html) => inlineBeforePaintScripts(html, await loadBeforePaintScripts(srcDir)),
    },
  };
}
