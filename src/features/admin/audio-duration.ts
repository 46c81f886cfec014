// How long an uploaded audio file plays, read in the browser before it is uploaded, so the product's length
// (shown in the shop) comes from the file rather than from typing. An MP3's frames are read directly: a
// VBR file's Xing/Info or VBRI header counts its frames; a CBR file's length follows from its size and
// bitrate. An M4A is asked of the browser's own decoder (an <audio> element's loadedmetadata).

/** Whole seconds the file plays, or null when it cannot be read. */
export async function readAudioDuration(file: Blob, extension: 'mp3' | 'm4a'): Promise<number | null> {
  const seconds = extension === 'mp3' ? await mp3Duration(file) : await mediaElementDuration(file);
  return seconds !== null && Number.isFinite(seconds) && seconds >= 0.5 ? Math.round(seconds) : null;
}

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

const readUint32 = (data: Uint8Array, at: number) =>
  ((data[at]! << 24) | (data[at + 1]! << 16) | (data[at + 2]! << 8) | data[at + 3]!) >>> 0;
const textAt = (data: Uint8Array, at: number, length: number) =>
  String.fromCharCode(...data.subarray(at, at + length));

/** Seconds of an MP3: past any ID3v2 tag, the first frame that another frame follows. */
async function mp3Duration(file: Blob): Promise<number | null> {
  const head = new Uint8Array(await file.slice(0, 10).arrayBuffer());
  let start = 0;
  if (textAt(head, 0, 3) === 'ID3' && head.length === 10) {
    // The tag's size is four 7-bit bytes; a footer (flag 0x10) adds another 10.
    const size =
      ((head[6]! & 0x7f) << 21) | ((head[7]! & 0x7f) << 14) | ((head[8]! & 0x7f) << 7) | (head[9]! & 0x7f);
    start = 10 + size + (head[5]! & 0x10 ? 10 : 0);
  }
  const window = new Uint8Array(await file.slice(start, start + 64 * 1024).arrayBuffer());
  for (let at = 0; at + 4 <= window.length; at += 1) {
    const frame = frameHeaderAt(window, at);
    if (!frame) continue;
    // A sync pattern inside other data is not a frame: the next frame must follow where this one ends
    // (or the file end there).
    const next = at + frame.bytes;
    if (next + 4 <= window.length && !frameHeaderAt(window, next)) continue;
    const counted = vbrFrameCount(window, at, frame);
    if (counted !== null) return (counted * frame.samplesPerFrame) / frame.sampleRate;
    const end = await id3v1Start(file);
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
async function id3v1Start(file: Blob): Promise<number> {
  if (file.size < 128) return file.size;
  const tail = new Uint8Array(await file.slice(file.size - 128, file.size - 125).arrayBuffer());
  return textAt(tail, 0, 3) === 'TAG' ? file.size - 128 : file.size;
}

/** The browser's reading of the file's length (for M4A); null when it cannot say within 15 seconds. */
function mediaElementDuration(file: Blob): Promise<number | null> {
  if (typeof document === 'undefined' || typeof URL.createObjectURL !== 'function')
    return Promise.resolve(null);
  return new Promise((resolve) => {
    const audio = document.createElement('audio');
    const url = URL.createObjectURL(file);
    const done = (seconds: number | null) => {
      clearTimeout(timer);
      audio.onloadedmetadata = null;
      audio.onerror = null;
      audio.removeAttribute('src');
      audio.load();
      URL.revokeObjectURL(url);
      resolve(seconds);
    };
    const timer = setTimeout(() => done(null), 15_000);
    audio.preload = 'metadata';
    audio.onloadedmetadata = () => done(audio.duration);
    audio.onerror = () => done(null);
    audio.src = url;
  });
}
