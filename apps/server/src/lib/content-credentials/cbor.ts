/**
 * Just enough CBOR to write a COSE_Sign1 structure: unsigned and negative integers,
 * byte and text strings, arrays, maps (entries in the order given), null and tags.
 */

export type TCbor =
  | number
  | string
  | Uint8Array
  | null
  | TCbor[]
  | { map: [TCbor, TCbor][] }
  | { tag: number; value: TCbor };

/**
 * The head of an item: the major type in the top 3 bits, then the argument in the shortest form
 * (inside the first byte below 24, else in the 1, 2, 4 or 8 bytes after it, marked 24 to 27).
 */
export function head(major: number, argument: number): Buffer {
  const type = major << 5;
  if (argument < 24) return Buffer.from([type | argument]);
  if (argument < 0x100) return Buffer.from([type | 24, argument]);
  if (argument < 0x10000) {
    const bytes = Buffer.from([type | 25, 0, 0]);
    bytes.writeUInt16BE(argument, 1);
    return bytes;
  }
  if (argument < 0x100000000) {
    const bytes = Buffer.from([type | 26, 0, 0, 0, 0]);
    bytes.writeUInt32BE(argument, 1);
    return bytes;
  }
  throw new RangeError('CBOR argument too large');
}

export function encodeCbor(value: TCbor): Buffer {
  if (value === null) return Buffer.from([0xf6]);
  if (typeof value === 'number') {
    if (!Number.isSafeInteger(value)) throw new RangeError('only integers are encoded');
    return value >= 0 ? head(0, value) : head(1, -1 - value);
  }
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(encodeCbor)]);
  if ('map' in value) {
    return Buffer.concat([
      head(5, value.map.length),
      ...value.map.flatMap(([key, item]) => [encodeCbor(key), encodeCbor(item)]),
    ]);
  }
  return Buffer.concat([head(6, value.tag), encodeCbor(value.value)]);
}
