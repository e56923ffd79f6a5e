/**
 * Just enough DER (ITU-T X.690) to write the X.509 v3 certificates of a development signing
 * chain. Node can read certificates (`X509Certificate`) but not make them; these few encoders
 * and `node:crypto`'s keys and signatures are all a certificate needs.
 */

function length(size: number): Buffer {
  if (size < 0x80) return Buffer.from([size]);
  const bytes: number[] = [];
  for (let rest = size; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest & 0xff);
  return Buffer.from([0x80 | bytes.length, ...bytes]);
}

/** One TLV: `tag` (a single identifier byte) around `content`. */
export function tlv(tag: number, ...content: Buffer[]): Buffer {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from([tag]), length(body.length), body]);
}

export const sequence = (...items: Buffer[]) => tlv(0x30, ...items);
export const set = (...items: Buffer[]) => tlv(0x31, ...items);
export const octetString = (content: Buffer) => tlv(0x04, content);
export const utf8String = (text: string) => tlv(0x0c, Buffer.from(text, 'utf8'));
export const booleanTrue = () => tlv(0x01, Buffer.from([0xff]));
/** `[n] EXPLICIT`: a constructed context-specific tag around a whole value. */
export const explicit = (n: number, value: Buffer) => tlv(0xa0 | n, value);
/** `[n] IMPLICIT` of a primitive value: the context tag replaces the value's own. */
export const implicitPrimitive = (n: number, content: Buffer) => tlv(0x80 | n, content);

/** A non-negative INTEGER from its big-endian magnitude (a leading 0 keeps it positive). */
export function unsignedInteger(magnitude: Buffer): Buffer {
  let start = 0;
  while (start < magnitude.length - 1 && magnitude[start] === 0) start++;
  const trimmed = magnitude.subarray(start);
  const first = trimmed[0] ?? 0;
  return tlv(0x02, first & 0x80 ? Buffer.concat([Buffer.from([0]), trimmed]) : trimmed);
}

export const smallInteger = (value: number) => unsignedInteger(Buffer.from([value]));

export function objectIdentifier(dotted: string): Buffer {
  const [first = 0, second = 0, ...rest] = dotted.split('.').map(Number);
  const bytes = [40 * first + second];
  for (const arc of rest) {
    const groups: number[] = [];
    for (let value = arc; ; value = Math.floor(value / 128)) {
      groups.unshift(value % 128);
      if (value < 128) break;
    }
    bytes.push(...groups.map((group, i) => (i < groups.length - 1 ? group | 0x80 : group)));
  }
  return tlv(0x06, Buffer.from(bytes));
}

/** A BIT STRING of whole bytes. */
export const bitString = (content: Buffer) => tlv(0x03, Buffer.from([0]), content);

/**
 * A named-bit BIT STRING (such as KeyUsage) with the given bits set, bit 0 being the most
 * significant bit of the first byte; DER drops the trailing zero bits.
 */
export function namedBits(bits: number[]): Buffer {
  const highest = Math.max(...bits);
  const bytes = Buffer.alloc(Math.floor(highest / 8) + 1);
  for (const bit of bits) bytes[bit >> 3]! |= 0x80 >> (bit & 7);
  const unused = 7 - (highest & 7);
  return tlv(0x03, Buffer.from([unused]), bytes);
}

/** A certificate's time: UTCTime (two-digit year) up to 2049, GeneralizedTime from 2050. */
export function time(date: Date): Buffer {
  const iso = date.toISOString(); // 2026-01-02T03:04:05.678Z
  const digits = iso.slice(0, 19).replace(/[-T:]/g, ''); // 20260102030405
  return date.getUTCFullYear() < 2050
    ? tlv(0x17, Buffer.from(`${digits.slice(2)}Z`, 'ascii'))
    : tlv(0x18, Buffer.from(`${digits}Z`, 'ascii'));
}
