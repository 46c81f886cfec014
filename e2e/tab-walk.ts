import type { CDPSession, Page } from '@playwright/test';

// Pressing Tab many times and reading the focus after each press, without a round trip per press.
//
// Each Tab is the browser's own (a trusted key event through the DevTools protocol, as page.keyboard.press
// sends it), so focus moves exactly as it does for a person. Instead of one evaluate after each press, a
// listener in the page records `snapshot()` at the keydown of the next press (by then the previous press has
// been handled in full: focus moved and scrolled into view), and one evaluate after each batch records the
// state after its last press. The presses of a batch are sent together. The snapshots come back in order, one
// per press, the same as reading them after every press.

const TAB = {
  windowsVirtualKeyCode: 9,
  code: 'Tab',
  key: 'Tab',
  location: 0,
  isKeypad: false,
  modifiers: 0,
} as const;

interface WalkOptions<T> {
  /** At most this many presses. */
  max: number;
  /** Presses sent together before the snapshots are read (the walk may go up to this many past its end). */
  batch?: number;
  /** Called with every snapshot so far after each batch: true ends the walk. */
  done?: (snapshots: T[]) => boolean;
}

type Recorder = { snapshots: unknown[]; presses: number; skipNext: boolean };

/**
 * Presses Tab up to `max` times and returns `snapshot()` as it was after each press, in order (up to `max`).
 * `snapshot` runs in the page and must be self-contained (it is sent as source text, like any evaluate).
 */
export async function walkWithTab<T>(page: Page, snapshot: () => T, options: WalkOptions<T>): Promise<T[]> {
  const { max, batch = 20, done = () => false } = options;
  await page.evaluate(`(() => {
    const snapshot = (${snapshot.toString()});
    const recorder = { snapshots: [], presses: 0, skipNext: false, snapshot };
    window.__tabWalk = recorder;
    window.addEventListener('keydown', (event) => {
      if (event.key !== 'Tab' || window.__tabWalk !== recorder) return;
      recorder.presses += 1;
      // The state before the batch's first press was read by the evaluate that ended the previous batch.
      if (recorder.skipNext) recorder.skipNext = false;
      else if (recorder.presses > 1) recorder.snapshots.push(snapshot());
    }, true);
  })()`);
  const session: CDPSession = await page.context().newCDPSession(page);
  const snapshots: T[] = [];
  let sent = 0;
  try {
    while (sent < max) {
      const count = Math.min(batch, max - sent);
      const messages: Promise<unknown>[] = [];
      for (let index = 0; index < count; index += 1) {
        messages.push(session.send('Input.dispatchKeyEvent', { type: 'rawKeyDown', ...TAB }));
        messages.push(session.send('Input.dispatchKeyEvent', { type: 'keyUp', ...TAB }));
      }
      await Promise.all(messages);
      sent += count;
      const recorded = await page.evaluate(() => {
        const recorder = (window as unknown as { __tabWalk: Recorder & { snapshot: () => unknown } })
          .__tabWalk;
        const taken = [...recorder.snapshots, recorder.snapshot()];
        recorder.snapshots = [];
        recorder.skipNext = true;
        return { taken, presses: recorder.presses };
      });
      // Every press reached the page and was recorded once: nothing lost or merged on the way.
      if (recorded.presses !== sent || snapshots.length + recorded.taken.length !== sent)
        throw new Error(
          `Tab walk: ${sent} presses sent, ${recorded.presses} reached the page, ${snapshots.length + recorded.taken.length} recorded`,
        );
      snapshots.push(...(recorded.taken as T[]));
      if (done(snapshots)) break;
    }
  } finally {
    await session.detach().catch(() => undefined);
    await page.evaluate(() => {
      delete (window as unknown as { __tabWalk?: unknown }).__tabWalk;
    });
  }
  return snapshots.slice(0, max);
}
