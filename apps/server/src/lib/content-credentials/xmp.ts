/**
 * The IPTC digital source type in XMP (`Iptc4xmpExt:DigitalSourceType`), which search engines
 * and photo tools read where they read no C2PA manifest. The C2PA library writes no XMP of its
 * own (only a `dcterms:provenance` link for remote manifests), so the packet is put in here, before
 * signing, so the manifest's hash covers it: an APP1 segment in a JPEG, an `iTXt` chunk in a
 * PNG, the bytes of the picture itself left as they are. A file that already has an XMP packet
 * is left alone (merging packets is not worth an XML parser here), as are WebP (its XMP needs the
 * extended `VP8X` layout) and MP4.
 */
import { crc32 } from 'node:zlib';

const XMP_NAMESPACE = 'http://ns.adobe.com/xap/1.0/\0';
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const PNG_XMP_KEYWORD = 'XML:com.adobe.xmp';

export function xmpPacket(digitalSourceType: string): string {
  return [
    '<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>',
    '<x:xmpmeta xmlns:x="adobe:ns:meta/">',
    '<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">',
    '<rdf:Description rdf:about="" xmlns:Iptc4xmpExt="http://iptc.org/std/Iptc4xmpExt/2008-02-29/">',
    `<Iptc4xmpExt:DigitalSourceType>${digitalSourceType}</Iptc4xmpExt:DigitalSourceType>`,
    '</rdf:Description>',
    '</rdf:RDF>',
    '</x:xmpmeta>',
    '<?xpacket end="r"?>',
  ].join('\n');
}

/** `data` with the digital source type in XMP, or `data` itself where none is added. */
export function withDigitalSourceTypeXmp(
  data: Buffer,
  contentType: string,
  digitalSourceType: string,
): Buffer {
  const packet = Buffer.from(xmpPacket(digitalSourceType), 'utf8');
  if (contentType === 'image/jpeg') return jpegWithXmp(data, packet) ?? data;
  if (contentType === 'image/png') return pngWithXmp(data, packet) ?? data;
  return data;
}

/** After SOI and a leading JFIF (APP0) or Exif (APP1) segment; null if XMP is already there. */
function jpegWithXmp(data: Buffer, packet: Buffer): Buffer | null {
  if (data.length < 4 || data[0] !== 0xff || data[1] !== 0xd8) return null;
  let insertAt = 2;
  let leadingRun = true;
  let offset = 2;
  // Walk the segments up to the start of scan (0xDA), where entropy-coded data begins.
  while (offset + 4 <= data.length && data[offset] === 0xff) {
    const marker = data[offset + 1]!;
    if (marker === 0xda || marker === 0xd9) break;
    const size = data.readUInt16BE(offset + 2);
    const body = data.subarray(offset + 4, offset + 2 + size);
    if (
      marker === 0xe1 &&
      body.subarray(0, XMP_NAMESPACE.length).toString('latin1') === XMP_NAMESPACE
    ) {
      return null;
    }
    const leading =
      marker === 0xe0 || (marker === 0xe1 && body.subarray(0, 6).toString('latin1') === 'Exif\0\0');
    offset += 2 + size;
    if (leadingRun && leading) insertAt = offset;
    else leadingRun = false;
  }
  const content = Buffer.concat([Buffer.from(XMP_NAMESPACE, 'latin1'), packet]);
  if (content.length + 2 > 0xffff) return null;
  const header = Buffer.from([0xff, 0xe1, 0, 0]);
  header.writeUInt16BE(content.length + 2, 2);
  return Buffer.concat([data.subarray(0, insertAt), header, content, data.subarray(insertAt)]);
}

/** An `iTXt` chunk right after IHDR; null if XMP is already there. */
function pngWithXmp(data: Buffer, packet: Buffer): Buffer | null {
  if (data.length < 33 || !data.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  for (let offset = 8; offset + 12 <= data.length;) {
    const size = data.readUInt32BE(offset);
    const type = data.subarray(offset + 4, offset + 8).toString('latin1');
    if (type === 'iTXt') {
      const keyword = data.subarray(offset + 8, offset + 8 + PNG_XMP_KEYWORD.length + 1);
      if (keyword.toString('latin1') === `${PNG_XMP_KEYWORD}\0`) return null;
    }
    if (type === 'IEND') break;
    offset += 12 + size;
  }
  // keyword NUL, compression flag 0, method 0, empty language tag NUL, empty translation NUL.
  const body = Buffer.concat([Buffer.from(`${PNG_XMP_KEYWORD}\0\0\0\0\0`, 'latin1'), packet]);
  const typeAndBody = Buffer.concat([Buffer.from('iTXt', 'latin1'), body]);
  const chunk = Buffer.alloc(12 + body.length);
  chunk.writeUInt32BE(body.length, 0);
  typeAndBody.copy(chunk, 4);
  chunk.writeUInt32BE(crc32(typeAndBody), 8 + body.length);
  const afterHeader = 8 + 12 + data.readUInt32BE(8); // IHDR is always the first chunk
  return Buffer.concat([data.subarray(0, afterHeader), chunk, data.subarray(afterHeader)]);
}
