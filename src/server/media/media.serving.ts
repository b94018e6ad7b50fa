import type { FastifyReply } from 'fastify';
import { HttpError } from '../platform/errors';
import type { ByteRange, FileStorage } from '../platform/storage';

/** A stored file ready to be served. */
export interface ServedFile {
  key: string;
  size: number;
  mimeType: string;
  /** The name offered to the browser (Content-Disposition). */
  downloadName: string;
  /** Anyone may see it: shared caches may keep it. Otherwise only the browser does. */
  isPublic: boolean;
  /** Offered as a download rather than shown (GPX files). */
  attachment?: boolean;
  /** The content at this address depends on who asks and may change: caches must ask again each time. */
  revalidate?: boolean;
}

/**
 * One byte range from a Range header (RFC 9110): `bytes=a-b`, `bytes=a-` or `bytes=-n`.
 * null: no usable range, serve the whole file (also for several ranges, which a server may ignore);
 * 'unsatisfiable': the range starts past the end (416).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | 'unsatisfiable' | null {
  if (!header) return null;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match || (match[1] === '' && match[2] === '')) return null;
  const [, first, last] = match as unknown as [string, string, string];
  if (first === '') {
    const suffix = Number(last);
    if (suffix === 0) return 'unsatisfiable';
    return size === 0 ? 'unsatisfiable' : { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(first);
  const end = last === '' ? size - 1 : Math.min(Number(last), size - 1);
  if (last !== '' && Number(last) < start) return null;
  if (start >= size) return 'unsatisfiable';
  return { start, end };
}

/**
 * `inline`, with an ASCII-only fallback name (no quotes, backslashes, control or path characters)
 * and the exact name in RFC 8187 form for browsers that read it.
 */
export function contentDisposition(name: string, kind: 'inline' | 'attachment' = 'inline'): string {
  const ascii = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9._ ()-]/g, '_')
    .replace(/^[.\s]+/, '')
    .slice(-120);
  const encoded = encodeURIComponent(name).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `${kind}; filename="${ascii || 'file'}"; filename*=UTF-8''${encoded}`;
}

/** Stored keys are random and never reused, so a file under a key never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** A file only some riders may see: the browser may keep it, shared caches must not. */
const PRIVATE_IMMUTABLE = 'private, max-age=31536000, immutable';

/**
 * Sends a stored file: its own type (with nosniff, and a sandboxing CSP so even a file opened
 * directly runs nothing), a safe Content-Disposition, a year's caching, and single byte ranges
 * (video seeking).
 */
export function sendStoredFile(
  reply: FastifyReply,
  storage: FileStorage,
  file: ServedFile,
  request: { method: string; headers: { range?: string; 'if-none-match'?: string } },
): FastifyReply {
  const { headers } = request;
  const etag = `"${file.key}"`;
  const range = parseRange(headers.range, file.size);
  if (range === 'unsatisfiable') {
    return reply.code(416).header('Content-Range', `bytes */${file.size}`).send(new HttpError(416, 'range_not_satisfiable').body);
  }
  reply
    .header('Content-Type', file.mimeType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; sandbox")
    .header('Content-Disposition', contentDisposition(file.downloadName, file.attachment ? 'attachment' : 'inline'))
    .header('Cache-Control', file.revalidate ? 'private, no-cache' : file.isPublic ? IMMUTABLE : PRIVATE_IMMUTABLE)
    .header('ETag', etag)
    .header('Accept-Ranges', 'bytes');
  if (headers['if-none-match'] === etag) return reply.code(304).send();
  // HEAD: the headers of the full or ranged answer, without reading the file.
  const body = () => (request.method === 'HEAD' ? undefined : storage.read(file.key, range ?? undefined));
  if (range) {
    return reply
      .code(206)
      .header('Content-Range', `bytes ${range.start}-${range.end}/${file.size}`)
      .header('Content-Length', range.end - range.start + 1)
      .send(body());
  }
  return reply.header('Content-Length', file.size).send(body());
}
