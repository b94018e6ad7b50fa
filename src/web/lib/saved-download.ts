import { useEffect, useState } from 'react';
import { useOnline } from './online';

/** The file name a download answer names (Content-Disposition), else the address's last part. */
function fileNameOf(response: Response, href: string): string {
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return named ? decodeURIComponent(named) : (new URL(href, window.location.href).pathname.split('/').pop() ?? 'download');
}

/**
 * A download link (`<a download>`) that works offline (issue 32 point 3). Chromium fetches such a
 * download from the network, past the service worker, so with no server it would fail. Offline, the
 * file is read at once from the worker's saved copy, and the link points to that copy in memory (a
 * blob address) under the same name: the rider's tap downloads it as usual. While that read is under
 * way (the first moments offline), the link has no `download`: a tap then is a navigation, which the
 * worker answers with the saved copy, sent as an attachment (every saved download is), so it
 * downloads too instead of failing. Online, and for a file that was not saved, the link stays as it is.
 */
export function useSavedDownload(href: string, name: string): { href: string; download: string | undefined } {
  const online = useOnline();
  const [saved, setSaved] = useState<{ for: string; href: string | null; download: string } | null>(null);
  useEffect(() => {
    if (online) return;
    let blobUrl: string | null = null;
    let cancelled = false;
    const done = (found: { href: string; download: string } | null) => {
      if (!cancelled) setSaved({ for: href, href: found?.href ?? null, download: found?.download ?? name });
    };
    void fetch(href, { credentials: 'include' })
      .then(async (response) => {
        if (!response.ok || cancelled) return done(null);
        const download = name || fileNameOf(response, href);
        blobUrl = URL.createObjectURL(await response.blob());
        done({ href: blobUrl, download });
      })
      .catch(() => done(null));
    return () => {
      cancelled = true;
      setSaved(null);
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [online, href, name]);
  if (online) return { href, download: name };
  // Read: the copy in memory, or (none saved) the link as it was.
  if (saved?.for === href) return saved.href ? { href: saved.href, download: saved.download } : { href, download: name };
  return { href, download: undefined };
}
