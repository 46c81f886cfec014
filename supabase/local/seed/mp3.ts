/**
 * A tiny MP3 writer for placeholder audio: a soft, steady tone as MPEG-2 Layer III, 16 kHz mono, 8 kbit/s
 * CBR (36-byte frames, ~1 KB per second). No encoder is needed: each granule carries a single non-zero
 * spectral line, Huffman-coded by hand with table 1. A line at position 8 of its subband is untouched by the
 * decoder's alias-reduction butterflies; successive granules' windowed cosines overlap in quadrature, so
 * the result is a constant-amplitude sine (about 370 Hz).
 */

const SAMPLE_RATE = 16_000;
const SAMPLES_PER_FRAME = 576; // MPEG-2 Layer III: one granule of 576 samples per frame
const FRAME_BYTES = 36; // 72 * 8000 bit/s / 16000 Hz, no padding
const HEADER = [0xff, 0xf3, 0x18, 0xc0]; // sync, MPEG-2, Layer III, no CRC, 8 kbit/s, 16 kHz, mono

class BitWriter {
  readonly bytes: Uint8Array;
  #bit = 0;

  constructor(length: number) {
    this.bytes = new Uint8Array(length);
  }

  write(value: number, bits: number): void {
    for (let i = bits - 1; i >= 0; i--) {
      if ((value >> i) & 1) this.bytes[this.#bit >> 3]! |= 0x80 >> (this.#bit & 7);
      this.#bit++;
    }
  }

  get position(): number {
    return this.#bit;
  }
}

// Spectral line 26 = subband 1, position 8; it sits in big-value pair 13 as (x = 1, y = 0).
const PAIR_INDEX = 13;
const BIG_VALUES = PAIR_INDEX + 1;
// Huffman table 1: (0,0) → '1'; (1,0) → '01' followed by the sign bit of x.
const PART2_3_LENGTH = PAIR_INDEX * 1 + 2 + 1;
// Requantised amplitude 2^((gain - 210) / 4): 196 gives a peak of about 0.06 (-24 dBFS), a quiet tone.
const GLOBAL_GAIN = 196;

function frame(): Uint8Array {
  const out = new BitWriter(FRAME_BYTES);
  for (const byte of HEADER) out.write(byte, 8);
  // Side information (MPEG-2 mono: 9 bytes).
  out.write(0, 8); // main_data_begin: no bit reservoir
  out.write(0, 1); // private bits
  out.write(PART2_3_LENGTH, 12);
  out.write(BIG_VALUES, 9);
  out.write(GLOBAL_GAIN, 8);
  out.write(0, 9); // scalefac_compress = 0: no scalefactor bits
  out.write(0, 1); // window_switching_flag: long blocks
  out.write(1, 5); // table_select region 0 (lines 0-5)
  out.write(1, 5); // table_select region 1 (lines 6-11)
  out.write(1, 5); // table_select region 2 (lines 12 up to the end of the big values)
  out.write(0, 4); // region0_count
  out.write(0, 3); // region1_count
  out.write(0, 1); // scalefac_scale
  out.write(0, 1); // count1table_select
  // Main data: big values, pairs 0…12 are (0,0), pair 13 is (1,0) with a positive sign.
  for (let i = 0; i < PAIR_INDEX; i++) out.write(0b1, 1);
  out.write(0b01, 2);
  out.write(0, 1);
  return out.bytes;
}

/** A frame that decodes to silence: no spectral lines at all. */
function silentFrame(): Uint8Array {
  const out = new BitWriter(FRAME_BYTES);
  for (const byte of HEADER) out.write(byte, 8);
  out.write(0, 8); // main_data_begin
  out.write(0, 1); // private bits
  out.write(0, 12); // part2_3_length: no main data
  out.write(0, 9); // big_values
  out.write(GLOBAL_GAIN, 8);
  // scalefac_compress, window switching, table selects, region counts, scalefac_scale, count1table: all 0.
  out.write(0, 9 + 1 + 15 + 4 + 3 + 1 + 1);
  return out.bytes;
}

export interface ToneOptions {
  /** Seconds of tone, then `gap` seconds of silence, repeated (a pulse you can hear seeking through). */
  pulse?: { tone: number; gap: number };
}

/** An MP3 file of about `seconds` seconds of a quiet tone: steady, or in pulses separated by silence. */
export function toneMp3(seconds: number, options: ToneOptions = {}): Uint8Array {
  const framesPerSecond = SAMPLE_RATE / SAMPLES_PER_FRAME;
  const frames = Math.ceil(seconds * framesPerSecond);
  const tone = frame();
  const silence = silentFrame();
  const file = new Uint8Array(frames * FRAME_BYTES);
  const pulse = options.pulse;
  for (let i = 0; i < frames; i++) {
    let silent = false;
    if (pulse) {
      const at = (i / framesPerSecond) % (pulse.tone + pulse.gap);
      silent = at >= pulse.tone;
    }
    file.set(silent ? silence : tone, i * FRAME_BYTES);
  }
  return file;
}
