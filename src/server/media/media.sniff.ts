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

/** Magic numbers. Later file kinds (MP4's `ftyp` box at offset 4, GPX's XML) add rows here. */
const SIGNATURES: readonly Signature[] = [
  { fileType: 'image', mimeType: 'image/jpeg', extension: 'jpg', offset: 0, magic: [0xff, 0xd8, 0xff] },
  { fileType: 'image', mimeType: 'image/png', extension: 'png', offset: 0, magic: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { fileType: 'image', mimeType: 'image/gif', extension: 'gif', offset: 0, magic: [0x47, 0x49, 0x46, 0x38] },
];

/** How many leading bytes of an upload the sniffer needs to see. */
export const SNIFF_BYTES = 16;

export function sniffFileType(head: Uint8Array): SniffedType | null {
  const match = SIGNATURES.find((s) => s.magic.every((byte, i) => head[s.offset + i] === byte));
  return match ? { fileType: match.fileType, mimeType: match.mimeType, extension: match.extension } : null;
}

/** The Content-Type a stored file is served with, from the extension the server gave its key. */
export function mimeTypeOfExtension(extension: string): string | null {
  return SIGNATURES.find((s) => s.extension === extension)?.mimeType ?? null;
}
