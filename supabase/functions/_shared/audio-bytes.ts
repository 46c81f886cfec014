// Whether a file is an MP3 or an M4A by its bytes, and how long it plays, read from the bytes alone
// (docs/security.md "Uploads"). One module for both sides: the dashboard checks a file before uploading it
// (src/lib/audio-upload.ts), and the check-audio-upload function checks the stored object before it
// may be recorded. No Deno or DOM API here: the bytes come from a reader (a Blob's slices, or Storage ranges).
//
// MP3: past any ID3v2 tag, an MPEG audio frame that another frame follows; the length from a Xing/Info or VBRI
// header (frames × samples per frame), or from the size and bitrate (CBR). M4A: an ISO 'ftyp' box first whose
// brands include an audio one (M4A, M4B), and the length from the 'mvhd' box inside 'moov' (wherever it is).

export interface ByteReader {
  /** The whole object's size in bytes. */
  size: number;
  /** Bytes [start, end) (fewer at the end of the object). */
  read(start: number, end: number): Promise<Uint8Array>;
}

export interface AudioInspection {
  extension: 'mp3' | 'm4a';
  contentType: 'audio/mpeg' | 'audio/mp4';
  /** Whole seconds. */
  durationSeconds: number;
}

/** The file's format and length, or null when its bytes are not an MP3 or an M4A with a readable length. */
export async function inspectAudio(reader: ByteReader): Promise<AudioInspection | null> {
  if (reader.size < 16) return null;
  const head = await reader.read(0, 12);
  const seconds = textAt(head, 4, 4) === 'ftyp' ? await m4aDuration(reader) : await mp3Duration(reader, head);
  if (seconds === null || !Number.isFinite(seconds) || seconds < 0.5) return null;
  const m4a = textAt(head, 4, 4) === 'ftyp';
  return {
    extension: m4a ? 'm4a' : 'mp3',
    contentType: m4a ? 'audio/mp4' : 'audio/mpeg',
    durationSeconds: Math.round(seconds),
  };
}

/** A reader over a Blob (a chosen File in the browser). */
export function blobReader(blob: Blob): ByteReader {
  return {
    size: blob.size,
    read: async (start, end) => new Uint8Array(await blob.slice(start, end).arrayBuffer()),
  };
}

const readUint32 = (data: Uint8Array, at: number) =>
  ((data[at]! << 24) | (data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!) >>> 0;
const readUint64 = (data: Uint8Array, at: number) =>
  readUint32(data, at) * 2 ** 32 + readUint32(data, at + 4);
const textAt = (data: Uint8Array, at: number, length: number) =>
  at + length <= data.length ? String.fromCharCode(...data.subarray(at, at + length)) : '';

// MP3 ------------------------------------------------------------------------------------------------------------

// Bitrates in kbit/s by [MPEG-1 or not][layer 1..3][index]; sample rates by version.
const BITRATES = {
  mpeg1: [
    [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  ],
  mpeg2: [
    [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  ],
} as const;
const SAMPLE_RATES: Record<number, readonly number[]> = {
  3: [44_100, 48_000, 32_000], // MPEG-1
  2: [22_050, 24_000, 16_000], // MPEG-2
  0: [11_025, 12_000, 8_000], // MPEG-2.5
};

interface FrameHeader {
  mpeg1: boolean;
  layer: 1 | 2 | 3;
  bitrate: number;
  sampleRate: number;
  samplesPerFrame: number;
  mono: boolean;
  bytes: number;
}

/** The MPEG audio frame header at `at`, or null if there is none. */
export function frameHeaderAt(data: Uint8Array, at: number): FrameHeader | null {
  const [b0, b1, b2, b3] = [data[at], data[at + 1], data[at + 2], data[at + 3]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || b3 === undefined || (b1 & 0xe0) !== 0xe0)
    return null;
  const version = (b1 >> 3) & 3;
  const layerBits = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  if (version === 1 || layerBits === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null;
  const mpeg1 = version === 3;
  const layer = (4 - layerBits) as 1 | 2 | 3;
  const bitrate = BITRATES[mpeg1 ? 'mpeg1' : 'mpeg2'][layer - 1]![bitrateIndex]! * 1000;
  const sampleRate = SAMPLE_RATES[version]![rateIndex]!;
  const samplesPerFrame = layer === 1 ? 384 : layer === 2 || mpeg1 ? 1152 : 576;
  const padding = (b2 >> 1) & 1;
  const bytes =
    layer === 1
      ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
      : Math.floor((samplesPerFrame / 8) * (bitrate / sampleRate)) + padding;
  return { mpeg1, layer, bitrate, sampleRate, samplesPerFrame, mono: b3 >> 6 === 3, bytes };
}

/** Seconds of an MP3: past any ID3v2 tag, the first frame that another frame follows. */
async function mp3Duration(reader: ByteReader, head: Uint8Array): Promise<number | null> {
  let start = 0;
  if (textAt(head, 0, 3) === 'ID3' && head.length >= 10) {
    // The tag's size is four 7-bit bytes; a footer (flag 0x10) adds another 10.
    const size =
      ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    start = 10 + size + (head[5]! & 0x10 ? 10 : 0);
  } else if (head[0] !== 0xff) {
    // Neither a tag nor a frame at the start: not an MP3 (a page or an image with an MP3 inside is refused).
    return null;
  }
  const window = await reader.read(start, start + 64 * 1024);
  for (let at = 0; at + 4 <= window.length; at += 1) {
    const frame = frameHeaderAt(window, at);
    if (!frame) continue;
    // A sync pattern inside other data is not a frame: the next frame must follow where this one ends
    // (or the file end there).
    const next = at + frame.bytes;
    if (next + 4 <= window.length && !frameHeaderAt(window, next)) continue;
    if (next + 4 > window.length && start + next < reader.size - 4) continue;
    const counted = vbrFrameCount(window, at, frame);
    if (counted !== null) return (counted * frame.samplesPerFrame) / frame.sampleRate;
    const end = await id3v1Start(reader);
    return ((end - start - at) * 8) / frame.bitrate;
  }
  return null;
}

/** The frame count of a Xing/Info or VBRI header in the first frame, if it has one. */
function vbrFrameCount(data: Uint8Array, at: number, frame: FrameHeader): number | null {
  const sideInfo = frame.mpeg1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const tag = textAt(data, xing, 4);
  if ((tag === 'Xing' || tag === 'Info') && xing + 12 <= data.length) {
    const flags = readUint32(data, xing + 4);
    return flags & 1 ? readUint32(data, xing + 8) : null;
  }
  const vbri = at + 4 + 32;
  if (textAt(data, vbri, 4) === 'VBRI' && vbri + 18 <= data.length) return readUint32(data, vbri + 14);
  return null;
}

/** Where the audio ends: before a trailing 128-byte ID3v1 tag, if there is one. */
async function id3v1Start(reader: ByteReader): Promise<number> {
  if (reader.size < 128) return reader.size;
  const tail = await reader.read(reader.size - 128, reader.size - 125);
  return textAt(tail, 0, 3) === 'TAG' ? reader.size - 128 : reader.size;
}

// M4A ------------------------------------------------------------------------------------------------------------

const AUDIO_BRANDS = new Set(['M4A ', 'M4B ']);

/** A box's header at `at`: its type, where its content starts and where it ends. */
async function boxAt(
  reader: ByteReader,
  at: number,
  end: number,
): Promise<{ type: string; body: number; next: number } | null> {
  if (at + 8 > end) return null;
  const header = await reader.read(at, at + 16);
  if (header.length < 8) return null;
  let size = readUint32(header, 0);
  let body = at + 8;
  if (size === 1) {
    if (header.length < 16) return null;
    size = readUint64(header, 8);
    body = at + 16;
  } else if (size === 0) {
    size = end - at;
  }
  if (size < body - at || at + size > end) return null;
  return { type: textAt(header, 4, 4), body, next: at + size };
}

/** The first box of `type` among the boxes in [from, end). */
async function findBox(reader: ByteReader, type: string, from: number, end: number) {
  // A real file has a handful of top-level boxes; a bound keeps a hostile one from looping for long.
  for (let at = from, count = 0; count < 1000; count += 1) {
    const box = await boxAt(reader, at, end);
    if (!box) return null;
    if (box.type === type) return box;
    at = box.next;
  }
  return null;
}

/** Seconds of an M4A: an audio brand in 'ftyp', then 'moov' → 'mvhd' (timescale and duration). */
async function m4aDuration(reader: ByteReader): Promise<number | null> {
  const ftyp = await boxAt(reader, 0, reader.size);
  if (!ftyp || ftyp.type !== 'ftyp' || ftyp.next - ftyp.body < 8 || ftyp.next > 4096) return null;
  const brands = await reader.read(ftyp.body, ftyp.next);
  const names = [textAt(brands, 0, 4)];
  for (let at = 8; at + 4 <= brands.length; at += 4) names.push(textAt(brands, at, 4));
  if (!names.some((name) => AUDIO_BRANDS.has(name))) return null;

  const moov = await findBox(reader, 'moov', ftyp.next, reader.size);
  if (!moov) return null;
  const mvhd = await findBox(reader, 'mvhd', moov.body, moov.next);
  if (!mvhd) return null;
  const data = await reader.read(mvhd.body, Math.min(mvhd.next, mvhd.body + 32));
  const version = data[0];
  const [timescale, duration] =
    version === 1 && data.length >= 32
      ? [readUint32(data, 20), readUint64(data, 24)]
      : version === 0 && data.length >= 20
        ? [readUint32(data, 12), readUint32(data, 16)]
        : [0, 0];
  return timescale > 0 ? duration / timescale : null;
}
