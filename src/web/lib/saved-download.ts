import type { MouseEvent } from 'react';
import { onlineManager } from '@tanstack/react-query';
import { toast } from '../components/ui/toast';
import { CONNECTION_LOST } from './api-client';
import { i18n } from './i18n/i18n';

/** The file name a download answer names (Content-Disposition), else the address's last part. */
function fileNameOf(response: Response, href: string): string {
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(response.headers.get('Content-Disposition') ?? '')?.[1];
  return named ? decodeURIComponent(named) : (new URL(href).pathname.split('/').pop() ?? 'download');
}

/**
 * A download link (`<a download>`) offline (issue 32 point 3): Chromium fetches such a download from the
 * network, past the service worker, so with no server it would fail. Offline, the click reads the file
 * instead (the worker answers with the copy it saved for this ride) and saves it from memory under the
 * same name. Online the link downloads as usual. A file that was not saved says to check the connection.
 */
export function downloadSavedCopy(event: MouseEvent<HTMLAnchorElement>): void {
  if (onlineManager.isOnline()) return;
  event.preventDefault();
  const link = event.currentTarget;
  const href = link.href;
  const named = link.getAttribute('download');
  void fetch(href, { credentials: 'include' })
    .then(async (response) => {
      if (!response.ok) throw new Error(`${response.status}`);
      const file = URL.createObjectURL(await response.blob());
      const save = document.createElement('a');
      save.href = file;
      save.download = named || fileNameOf(response, href);
      save.click();
      window.setTimeout(() => URL.revokeObjectURL(file), 60_000);
    })
    .catch(() => toast({ title: i18n._(CONNECTION_LOST), variant: 'destructive' }));
}
