import type { MediaFileType } from '../../shared/media/media-item';

/** What the bytes say a file is: the only source of a stored file's type (never its name or the browser's word). */
export interface SniffedType {
  fileType: MediaFileType;
  mimeType: string;
  extension: string;
}

interface Signature extends SniffedType {
  offset: number;
  magic: readonly number[];
}

/** Magic numbers of the binary kinds. */
const SIGNATURES: readonly Signature[] = [
  { fileType: 'image', mimeType: 'image/jpeg', extension: 'jpg', offset: 0, magic: [0xff, 0xd8, 0xff] },
  { fileType: 'image', mimeType: 'image/png', extension: 'png', offset: 0, magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { fileType: 'image', mimeType: 'image/gif', extension: 'gif', offset: 0, magic: [0x47, 0x49, 0x46, 0x38] },
];

const MP4: SniffedType = { fileType: 'video', mimeType: 'video/mp4', extension: 'mp4' };
const GPX: SniffedType = { fileType: 'gpx', mimeType: 'application/gpx+xml', extension: 'gpx' };

/** Every type a stored file can have, by the extension the server gives its key. */
const STORED_TYPES: readonly SniffedType[] = [...SIGNATURES, MP4, GPX];

/** How many leading bytes of an upload the sniffer needs to see (an XML prologue can be long). */
export const SNIFF_BYTES = 4096;

/**
 * ISO base media files carry their brands in the leading 'ftyp' box. Brands of video files we
 * serve as MP4 (MP4, its ISO bases, the 3GPP phone formats, QuickTime as phones write it); HEIF and
 * AVIF images and other non-video kinds share the box but not these brands.
 */
const VIDEO_BRANDS = new Set(['isom', 'iso2', 'iso3', 'iso4', 'iso5', 'iso6', 'iso7', 'iso8', 'iso9', 'mp41', 'mp42', 'mp71', 'avc1', 'M4V ', 'M4VP', 'dash', 'msnv', 'qt  ', '3gp4', '3gp5', '3gp6', '3ge6', '3gg6', '3g2a', 'XAVC', 'MSNV']);
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'hevm', 'hevs', 'mif1', 'msf1', 'avif', 'avis', 'crx ', 'jpx ', 'jp2 ']);

function isMp4(head: Uint8Array): boolean {
  if (head.length < 16) return false;
  const ascii = (start: number, end: number) => String.fromCharCode(...head.subarray(start, end));
  if (ascii(4, 8) !== 'ftyp') return false;
  const boxSize = ((head[0]! << 24) >>> 0) + (head[1]! << 16) + (head[2]! << 8) + head[3]!;
  if (boxSize < 16 || boxSize > 4096) return false;
  const major = ascii(8, 12);
  if (IMAGE_BRANDS.has(major)) return false;
  const brands = [major];
  for (let offset = 16; offset + 4 <= Math.min(boxSize, head.length); offset += 4) brands.push(ascii(offset, offset + 4));
  return brands.some((brand) => VIDEO_BRANDS.has(brand));
}

/**
 * Whether the text starts like an XML document whose root element is `gpx`: after an optional
 * byte-order mark, XML declaration, comments and processing instructions, the first element (or a
 * DOCTYPE naming it, which the GPX reader then refuses) is `gpx`, with or without a prefix.
 */
export function looksLikeGpx(head: Uint8Array): boolean {
  let text = new TextDecoder('utf-8', { fatal: false }).decode(head);
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  let i = 0;
  for (;;) {
    while (i < text.length && /\s/.test(text[i]!)) i++;
    if (text.startsWith('<?', i)) {
      const end = text.indexOf('?>', i + 2);
      if (end === -1) return false;
      i = end + 2;
    } else if (text.startsWith('<!--', i)) {
      const end = text.indexOf('-->', i + 4);
      if (end === -1) return false;
      i = end + 3;
    } else if (/^<!DOCTYPE\s/i.test(text.slice(i, i + 10))) {
      const name = /^<!DOCTYPE\s+([A-Za-z_][\w.:-]*)/i.exec(text.slice(i, i + 200))?.[1];
      return name !== undefined && localName(name) === 'gpx';
    } else {
      const name = /^<([A-Za-z_][\w.:-]*)[\s/>]/.exec(text.slice(i, i + 200))?.[1];
      return name !== undefined && localName(name) === 'gpx';
    }
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export function sniffFileType(head: Uint8Array): SniffedType | null {
  const match = SIGNATURES.find((s) => s.magic.every((byte, i) => head[s.offset + i] === byte));
  if (match) return { fileType: match.fileType, mimeType: match.mimeType, extension: match.extension };
  if (isMp4(head)) return MP4;
  if (looksLikeGpx(head)) return GPX;
  return null;
}

/** The Content-Type a stored file is served with, from the extension the server gave its key. */
export function mimeTypeOfExtension(extension: string): string | null {
  return STORED_TYPES.find((s) => s.extension === extension)?.mimeType ?? null;
}
