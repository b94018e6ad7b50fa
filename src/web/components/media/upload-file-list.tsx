import { CircleAlert, CircleCheck, FileVideo, Image as ImageIcon, Route, X } from 'lucide-react';
import { ph } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { fileSize } from '../../lib/format';
import { cn } from '../../lib/cn';
import { UploadRefusal } from '../users/add-email-link';
import type { QueuedFile } from './use-upload-queue';

function kindIcon(file: File) {
  if (/\.gpx$/i.test(file.name) || file.type.includes('xml')) return <Route aria-hidden="true" />;
  if (file.type.startsWith('video/')) return <FileVideo aria-hidden="true" />;
  return <ImageIcon aria-hidden="true" />;
}

/** The files waiting in the upload dialog: name, size, progress, the server's refusal, and Remove. */
export function UploadFileList({ files, busy, onRemove }: { files: QueuedFile[]; busy: boolean; onRemove: (key: string) => void }) {
  const { t } = useLingui();
  if (files.length === 0) return null;
  return (
    <ul aria-label={t`Files to upload`} className="mt-4 space-y-2">
      {files.map((f) => (
        <li key={f.key} className="rounded-lg border border-asphalt-200 bg-white px-3 py-2.5">
          <div className="flex items-center gap-3">
            <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-asphalt-100 text-asphalt-600 [&_svg]:size-[18px]">{kindIcon(f.file)}</span>
            <div className="min-w-0 flex-1">
              <p className="truncate text-sm font-semibold text-asphalt-900" title={f.file.name}>
                {f.file.name}
              </p>
              <p className="text-xs text-asphalt-500 tabular-nums">
                {fileSize(f.file.size)}
                {f.status === 'uploading' ? ` · ${Math.round(f.progress * 100)}%` : null}
              </p>
            </div>
            {f.status === 'done' ? <CircleCheck className="size-5 shrink-0 text-emerald-600" aria-label={t`Uploaded`} /> : null}
            {f.status === 'failed' ? <CircleAlert className="size-5 shrink-0 text-red-600" aria-label={t`Failed`} /> : null}
            {f.status === 'ready' || f.status === 'failed' ? (
              <button
                type="button"
                aria-label={t`Remove ${ph({ fileName: f.file.name })}`}
                disabled={busy}
                onClick={() => onRemove(f.key)}
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-asphalt-400 transition-colors hover:bg-asphalt-100 hover:text-asphalt-800 disabled:opacity-50"
              >
                <X className="size-4" aria-hidden="true" />
              </button>
            ) : null}
          </div>
          {f.status === 'uploading' || f.status === 'done' ? (
            <div
              role="progressbar"
              aria-label={t`Uploading ${ph({ fileName: f.file.name })}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={Math.round(f.progress * 100)}
              className="mt-2 h-1.5 overflow-hidden rounded-full bg-asphalt-100"
            >
              <div className={cn('h-full rounded-full transition-[width] duration-200', f.status === 'done' ? 'bg-emerald-500' : 'bg-ignition-500')} style={{ width: `${Math.round(f.progress * 100)}%` }} />
            </div>
          ) : null}
          {f.error ? <UploadRefusal message={f.error} offerEmail={f.offerEmail} className="mt-1.5 text-xs font-semibold text-red-700" /> : null}
        </li>
      ))}
    </ul>
  );
}
