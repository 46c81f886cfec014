import { afterEach, describe, expect, it } from 'vitest';
import { COOKIE_PREFERENCES_KEY, readFunctionalConsent } from '@/features/booking/functional-consent';
import { loadScriptOnce } from '@/features/booking/load-script';
import { schedulerEventName } from '@/features/booking/scheduler-embed';

const SRC = 'https://assets.example/widget.js';

function scriptsWithSrc(src = SRC) {
  return Array.from(document.scripts).filter((script) => script.getAttribute('src') === src);
}

afterEach(() => {
  scriptsWithSrc().forEach((script) => script.remove());
});

describe('loadScriptOnce', () => {
  it('adds one async script and resolves on load once the global is ready', async () => {
    let ready = false;
    const loading = loadScriptOnce(SRC, () => ready);
    const again = loadScriptOnce(SRC, () => ready);
    expect(scriptsWithSrc()).toHaveLength(1);
    const script = scriptsWithSrc()[0]!;
    expect(script.async).toBe(true);
    ready = true;
    script.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBeUndefined();
    await expect(again).resolves.toBeUndefined();
    expect(scriptsWithSrc()).toHaveLength(1);
  });

  it('resolves at once without touching the DOM when the global already exists', async () => {
    await expect(loadScriptOnce(SRC, () => true)).resolves.toBeUndefined();
    expect(scriptsWithSrc()).toHaveLength(0);
  });

  it('reuses a script tag that is already on the page', async () => {
    const existing = document.createElement('script');
    existing.src = SRC;
    document.body.appendChild(existing);
    let ready = false;
    const loading = loadScriptOnce(SRC, () => ready);
    expect(scriptsWithSrc()).toEqual([existing]);
    ready = true;
    existing.dispatchEvent(new Event('load'));
    await expect(loading).resolves.toBeUndefined();
  });

  it('rejects on a load error, and later callers learn it without adding another tag', async () => {
    const loading = loadScriptOnce(SRC, () => false);
    scriptsWithSrc()[0]!.dispatchEvent(new Event('error'));
    await expect(loading).rejects.toThrow(/failed to load/);
    await expect(loadScriptOnce(SRC, () => false)).rejects.toThrow(/failed to load/);
    expect(scriptsWithSrc()).toHaveLength(1);
  });

  it('rejects when the script loads without defining its global', async () => {
    const loading = loadScriptOnce(SRC, () => false);
    scriptsWithSrc()[0]!.dispatchEvent(new Event('load'));
    await expect(loading).rejects.toThrow(/not ready/);
  });
});

describe('readFunctionalConsent', () => {
  const storage = (value: string | null) => ({
    getItem: (key: string) => (key === COOKIE_PREFERENCES_KEY ? value : null),
  });

  it('is true only for stored preferences with functional: true', () => {
    expect(readFunctionalConsent(storage(JSON.stringify({ essential: true, functional: true })))).toBe(true);
    expect(readFunctionalConsent(storage(JSON.stringify({ essential: true, functional: false })))).toBe(
      false,
    );
    expect(readFunctionalConsent(storage(JSON.stringify({ functional: 'yes' })))).toBe(false);
    expect(readFunctionalConsent(storage(null))).toBe(false);
    expect(readFunctionalConsent(storage('not json'))).toBe(false);
    expect(readFunctionalConsent(storage('null'))).toBe(false);
    expect(readFunctionalConsent(undefined)).toBe(false);
  });
});

describe('schedulerEventName', () => {
  const message = (origin: string, data: unknown) => new MessageEvent('message', { origin, data });

  it('accepts scheduler events from the scheduler origin only', () => {
    expect(schedulerEventName(message('https://calendly.com', { event: 'calendly.event_scheduled' }))).toBe(
      'calendly.event_scheduled',
    );
    expect(
      schedulerEventName(message('https://evil.example', { event: 'calendly.event_scheduled' })),
    ).toBeUndefined();
    expect(
      schedulerEventName(message('https://calendly.com.evil.example', { event: 'calendly.event_scheduled' })),
    ).toBeUndefined();
  });

  it('ignores other message shapes', () => {
    expect(schedulerEventName(message('https://calendly.com', 'calendly.event_scheduled'))).toBeUndefined();
    expect(schedulerEventName(message('https://calendly.com', { event: 'other.thing' }))).toBeUndefined();
    expect(schedulerEventName(message('https://calendly.com', null))).toBeUndefined();
  });
});
