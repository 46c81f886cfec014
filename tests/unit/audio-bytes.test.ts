// An upload is audio by its bytes (supabase/functions/_shared/audio-bytes.ts, run by the dashboard before an
// upload and by check-audio-upload on the stored object; docs/security.md "Uploads"): MP3 frames or an M4A
// with an audio brand, with a length read from them. What the attack sent as audio/* (a page with a
// script, an SVG, an ID3 tag in front of a page) is refused.
import { Blob as NodeBlob } from 'node:buffer';
import { describe, expect, it } from 'vitest';
import { blobReader, inspectAudio } from '../../supabase/functions/_shared/audio-bytes.ts';
import { toneMp3 } from '../../supabase/local/seed/mp3';

const blob = (...parts: Uint8Array[]) => new NodeBlob(parts) as unknown as Blob;
const text = (value: string) => new TextEncoder().encode(value);

function box(type: string, ...content: Uint8Array[]): Uint8Array {
  const size = 8 + content.reduce((sum, part) => sum + part.length, 0);
  const out = new Uint8Array(size);
  new DataView(out.buffer).setUint32(0, size);
  out.set(text(type), 4);
  let at = 8;
  for (const part of content) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** An M4A: ftyp (brands), mdat, then moov with a version-0 mvhd of `seconds` at 1000 units a second. */
function m4a(seconds: number, brands = ['M4A ', 'M4A ', 'isom'], moovFirst = false): Uint8Array {
  const ftyp = box('ftyp', text(brands[0]!), new Uint8Array(4), ...brands.slice(1).map(text));
  const mvhdBody = new Uint8Array(100);
  const view = new DataView(mvhdBody.buffer);
  view.setUint32(12, 1000);
  view.setUint32(16, seconds * 1000);
  const moov = box('moov', box('mvhd', mvhdBody));
  const mdat = box('mdat', new Uint8Array(2048).fill(0x21));
  const parts = moovFirst ? [ftyp, moov, mdat] : [ftyp, mdat, moov];
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

const inspect = (...parts: Uint8Array[]) => inspectAudio(blobReader(blob(...parts)));

describe('inspectAudio', () => {
  it('reads an MP3 and its length from its frames', async () => {
    expect(await inspect(toneMp3(42))).toEqual({
      extension: 'mp3',
      contentType: 'audio/mpeg',
      durationSeconds: 42,
    });
  });

  it('reads an M4A with an audio brand and its length from mvhd, moov before or after the audio', async () => {
    for (const moovFirst of [false, true]) {
      expect(await inspect(m4a(3725, undefined, moovFirst))).toEqual({
        extension: 'm4a',
        contentType: 'audio/mp4',
        durationSeconds: 3725,
      });
    }
  });

  it('refuses an ISO file without an audio brand (a video or an image container)', async () => {
    expect(await inspect(m4a(60, ['isom', 'isom', 'avc1']))).toBeNull();
    expect(await inspect(m4a(60, ['heic', 'mif1']))).toBeNull();
  });

  it('refuses an M4A whose moov or mvhd is missing or broken', async () => {
    const good = m4a(60);
    expect(await inspect(good.subarray(0, good.length - 50))).toBeNull();
  });

  it('refuses a page with a script, an SVG, and a page behind an ID3 tag or a fake frame sync', async () => {
    const page = text('<!doctype html><script>alert(document.cookie)</script>'.repeat(20));
    const svg = text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'.repeat(20));
    const id3 = new Uint8Array([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]);
    expect(await inspect(page)).toBeNull();
    expect(await inspect(svg)).toBeNull();
    expect(await inspect(id3, page)).toBeNull();
    expect(await inspect(new Uint8Array([0xff, 0xfb, 0x90, 0x00]), page)).toBeNull();
  });

  it('refuses audio too short to be a recording, and tiny files', async () => {
    expect(await inspect(toneMp3(0.1))).toBeNull();
    expect(await inspect(new Uint8Array([0xff, 0xfb]))).toBeNull();
  });
});
