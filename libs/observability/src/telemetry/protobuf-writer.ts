/** Wire types of the protobuf encoding. */
export const VARINT = 0;
export const FIXED64 = 1;
export const LENGTH_DELIMITED = 2;
export const FIXED32 = 5;

const INITIAL_BYTES = 64 * 1024;
const MIN_BYTES = 256;
/** Strings longer than this are written by Node's native UTF-8 encoder, shorter ones in JS. */
const NATIVE_STRING_FROM = 48;
const TWO_TO_32 = 0x1_0000_0000;
/** Hex digit values by char code (0 for what is not a hex digit: ids are checked upstream). */
const HEX_VALUES = new Uint8Array(128);
for (let digit = 0; digit < 16; digit++) {
  HEX_VALUES['0123456789abcdef'.charCodeAt(digit)] = digit;
  HEX_VALUES['0123456789ABCDEF'.charCodeAt(digit)] = digit;
}

/**
 * A protobuf writer in a single pass, into a buffer that grows as needed: a nested message
 * reserves the bytes its length most likely takes, and moves its content in the rare case it
 * needs more or fewer, so the encoding stays minimal (the same bytes as any protobuf encoder's).
 */
export class ProtobufWriter {
  private buffer = Buffer.allocUnsafe(0);
  private pos = 0;

  /**
   * Starts a new message in a new buffer (what was finished may still be in use), of the size
   * it most likely needs: `expectedBytes`, the size of the last one, say.
   */
  start(expectedBytes = INITIAL_BYTES): void {
    this.buffer = Buffer.allocUnsafe(Math.max(expectedBytes, MIN_BYTES));
    this.pos = 0;
  }

  /** What was written since `start`. */
  finish(): Uint8Array {
    return this.buffer.subarray(0, this.pos);
  }

  tag(field: number, wireType: number): void {
    this.varint(field * 8 + wireType);
  }

  /** A non-negative integer below 2^53, or a negative one as 64-bit two's complement. */
  varint(value: number): void {
    this.ensure(10);
    if (value >= 0 && value < TWO_TO_32) {
      let rest = value >>> 0;
      while (rest > 0x7f) {
        this.buffer[this.pos++] = (rest & 0x7f) | 0x80;
        rest >>>= 7;
      }
      this.buffer[this.pos++] = rest;
      return;
    }
    let low: number;
    let high: number;
    if (value >= 0) {
      low = value >>> 0;
      high = Math.floor(value / TWO_TO_32) >>> 0;
    } else {
      const magnitude = -value;
      low = ~(magnitude >>> 0) >>> 0;
      high = ~(Math.floor(magnitude / TWO_TO_32) >>> 0) >>> 0;
      low = (low + 1) >>> 0;
      if (low === 0) high = (high + 1) >>> 0;
    }
    while (high > 0 || low > 0x7f) {
      this.buffer[this.pos++] = (low & 0x7f) | 0x80;
      low = ((low >>> 7) | (high << 25)) >>> 0;
      high >>>= 7;
    }
    this.buffer[this.pos++] = low;
  }

  fixed32(value: number): void {
    this.ensure(4);
    this.buffer.writeUInt32LE(value >>> 0, this.pos);
    this.pos += 4;
  }

  fixed64(low: number, high: number): void {
    this.ensure(8);
    this.buffer.writeUInt32LE(low >>> 0, this.pos);
    this.buffer.writeUInt32LE(high >>> 0, this.pos + 4);
    this.pos += 8;
  }

  double(value: number): void {
    this.ensure(8);
    this.buffer.writeDoubleLE(value, this.pos);
    this.pos += 8;
  }

  /** A length-delimited UTF-8 string. */
  string(value: string): void {
    const length = value.length;
    if (length < NATIVE_STRING_FROM && this.asciiInJs(value)) return;
    const bytes = Buffer.byteLength(value, 'utf8');
    this.varint(bytes);
    this.ensure(bytes);
    this.pos += this.buffer.write(value, this.pos, bytes, 'utf8');
  }

  /** Length-delimited bytes. */
  bytes(value: Uint8Array): void {
    this.varint(value.length);
    this.ensure(value.length);
    this.buffer.set(value, this.pos);
    this.pos += value.length;
  }

  /** A hex string (a trace or span id) as length-delimited bytes. */
  hexBytes(hex: string): void {
    const length = hex.length >>> 1;
    this.varint(length);
    this.ensure(length);
    for (let i = 0; i < length; i++) {
      const high = HEX_VALUES[hex.charCodeAt(2 * i)] ?? 0;
      const low = HEX_VALUES[hex.charCodeAt(2 * i + 1)] ?? 0;
      this.buffer[this.pos++] = (high << 4) | low;
    }
  }

  /** Already encoded bytes, as they are. */
  raw(encoded: Uint8Array): void {
    this.ensure(encoded.length);
    this.buffer.set(encoded, this.pos);
    this.pos += encoded.length;
  }

  /**
   * Starts a length-delimited field: reserves `reserved` bytes for its length (as many as it
   * most likely takes) and answers where, for `endLength`.
   */
  startLength(reserved = 1): number {
    this.ensure(reserved);
    const start = this.pos;
    this.pos += reserved;
    return start;
  }

  /** Writes the length of the field begun at `start`, now that its content is written. */
  endLength(start: number, reserved = 1): void {
    const contentStart = start + reserved;
    const length = this.pos - contentStart;
    const needed = varintSize(length);
    if (needed !== reserved) {
      this.ensure(needed - reserved);
      this.buffer.copyWithin(start + needed, contentStart, this.pos);
      this.pos += needed - reserved;
    }
    let at = start;
    let rest = length;
    while (rest > 0x7f) {
      this.buffer[at++] = (rest & 0x7f) | 0x80;
      rest >>>= 7;
    }
    this.buffer[at] = rest;
  }

  private asciiInJs(value: string): boolean {
    const length = value.length;
    for (let i = 0; i < length; i++) if (value.charCodeAt(i) > 0x7f) return false;
    this.ensure(length + 1);
    this.buffer[this.pos++] = length;
    for (let i = 0; i < length; i++) this.buffer[this.pos++] = value.charCodeAt(i);
    return true;
  }

  private ensure(more: number): void {
    const needed = this.pos + more;
    if (needed <= this.buffer.length) return;
    let size = this.buffer.length * 2;
    while (size < needed) size *= 2;
    const grown = Buffer.allocUnsafe(size);
    this.buffer.copy(grown, 0, 0, this.pos);
    this.buffer = grown;
  }
}

function varintSize(value: number): number {
  let size = 1;
  for (let rest = value >>> 7; rest > 0; rest >>>= 7) size++;
  return size;
}
