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
 * blob address) under the same name: the rider's tap downloads it as usual. Online, and for a file
 * that was not saved, the link stays as it is.
 */
export function useSavedDownload(href: string, name: string): { href: string; download: string } {
  const online = useOnline();
  const [saved, setSaved] = useState<{ for: string; href: string; download: string } | null>(null);
  useEffect(() => {
    if (online) return;
    let blobUrl: string | null = null;
    let cancelled = false;
    void fetch(href, { credentials: 'include' })
      .then(async (response) => {
        if (!response.ok || cancelled) return;
        const download = name || fileNameOf(response, href);
        blobUrl = URL.createObjectURL(await response.blob());
        if (!cancelled) setSaved({ for: href, href: blobUrl, download });
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
      setSaved(null);
      if (blobUrl) URL.revokeObjectURL(blobUrl);
    };
  }, [online, href, name]);
  return !online && saved?.for === href ? { href: saved.href, download: saved.download } : { href, download: name };
}
