import { useId, useRef, useState, type ClipboardEvent, type DragEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { CircleAlert, CircleCheck, FileVideo, Image as ImageIcon, Route, UploadCloud, X } from 'lucide-react';
import { checkUploadFile, formatFileSize, UPLOAD_ACCEPT_ATTRIBUTE } from '../../../../shared/media/upload-rules';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Label } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/toast';
import { serverMessageOf } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { countOf } from '../../../lib/plural';
import { mediaQueryKeyRoot } from '../api/get-user-media';
import { uploadMedia } from '../api/upload-media';

/** Spec 2 sections 5 and 8: the upload texts. */
export const UPLOAD_TEXTS = {
  unsupported: { title: 'Unsupported file type', description: 'Please upload GIF, JPEG, PNG, MP4, or GPX files only.' },
  tooLarge: { title: 'File too large', description: 'Please upload files smaller than 50MB.' },
  noFiles: { title: 'No files selected', description: 'Please select at least one file to upload.' },
  success: { title: 'Upload successful', description: 'Your media has been uploaded successfully.' },
  failedTitle: 'Upload failed',
  failedFallback: 'Failed to upload media. Please try again.',
  pasted: (n: number) => ({ title: 'Files pasted', description: `${countOf(n, 'file', 'files')} added from clipboard.` }),
} as const;

type UploadStatus = 'ready' | 'uploading' | 'done' | 'failed';

interface QueuedFile {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  error: string | null;
}

let nextKey = 1;

function kindIcon(file: File) {
  if (/\.gpx$/i.test(file.name) || file.type.includes('xml')) return <Route aria-hidden="true" />;
  if (file.type.startsWith('video/')) return <FileVideo aria-hidden="true" />;
  return <ImageIcon aria-hidden="true" />;
}

interface UploadMediaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * Upload Media (spec 2): files by picking, dragging or pasting, an optional description, one
 * request per file with its own progress bar. Files the client can already tell are wrong (type,
 * size) are refused with the spec's toasts and never sent.
 */
export function UploadMediaDialog({ open, onOpenChange }: UploadMediaDialogProps) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const [description, setDescription] = useState('');
  const [dragging, setDragging] = useState(false);
  const [busy, setBusy] = useState(false);

  function reset() {
    setFiles([]);
    setDescription('');
    setDragging(false);
  }

  function changeOpen(next: boolean) {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  }

  /** Adds the acceptable files; returns how many were added. */
  function addFiles(list: FileList | File[]): number {
    const accepted: QueuedFile[] = [];
    for (const file of Array.from(list)) {
      const check = checkUploadFile(file);
      if (check === 'unsupported') {
        toast({ ...UPLOAD_TEXTS.unsupported, variant: 'destructive' });
        continue;
      }
      if (check === 'tooLarge') {
        toast({ ...UPLOAD_TEXTS.tooLarge, variant: 'destructive' });
        continue;
      }
      accepted.push({ key: `f${nextKey++}`, file, status: 'ready', progress: 0, error: null });
    }
    if (accepted.length > 0) setFiles((current) => [...current.filter((f) => f.status !== 'done'), ...accepted]);
    return accepted.length;
  }

  function update(key: string, patch: Partial<QueuedFile>) {
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  }

  function onPaste(event: ClipboardEvent) {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0) return;
    event.preventDefault();
    const added = addFiles(pasted);
    if (added > 0) toast({ ...UPLOAD_TEXTS.pasted(added) });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!busy) addFiles(event.dataTransfer.files);
  }

  async function uploadAll() {
    const pending = files.filter((f) => f.status === 'ready' || f.status === 'failed');
    if (pending.length === 0) {
      toast({ ...UPLOAD_TEXTS.noFiles, variant: 'destructive' });
      return;
    }
    setBusy(true);
    let firstError: string | null = null;
    let uploaded = 0;
    for (const queued of pending) {
      update(queued.key, { status: 'uploading', progress: 0, error: null });
      try {
        await uploadMedia({ file: queued.file, description, onProgress: (p) => update(queued.key, { progress: p.fraction }) });
        update(queued.key, { status: 'done', progress: 1 });
        uploaded += 1;
      } catch (error) {
        const message = serverMessageOf(error) ?? UPLOAD_TEXTS.failedFallback;
        console.error('Media upload failed', error);
        update(queued.key, { status: 'failed', error: message });
        firstError ??= message;
      }
    }
    setBusy(false);
    if (uploaded > 0) await queryClient.invalidateQueries({ queryKey: mediaQueryKeyRoot });
    if (firstError) {
      toast({ title: UPLOAD_TEXTS.failedTitle, description: firstError, variant: 'destructive' });
      return;
    }
    toast({ ...UPLOAD_TEXTS.success, variant: 'success' });
    reset();
    onOpenChange(false);
  }

  const waiting = files.filter((f) => f.status === 'ready' || f.status === 'failed').length;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent size="lg" onPaste={onPaste} onEscapeKeyDown={(e) => (busy ? e.preventDefault() : undefined)} onInteractOutside={(e) => (busy ? e.preventDefault() : undefined)}>
        <DialogHeader>
          <DialogTitle>Upload Media</DialogTitle>
          <DialogDescription>Add photos, videos or GPX tracks to your gallery.</DialogDescription>
        </DialogHeader>

        <div
          onDragOver={(event) => {
            event.preventDefault();
            if (!busy) setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="upload-drop-zone"
          className={cn(
            'flex flex-col items-center rounded-xl border-2 border-dashed px-4 py-7 text-center transition-colors',
            dragging ? 'border-ignition-500 bg-ignition-50' : 'border-asphalt-200 bg-asphalt-50/60',
          )}
        >
          <span className="flex size-12 items-center justify-center rounded-full bg-white text-ignition-600 shadow-sm ring-1 ring-asphalt-200 [&_svg]:size-6">
            <UploadCloud aria-hidden="true" />
          </span>
          <p className="mt-3 text-sm font-semibold text-asphalt-900">Drag and drop files here</p>
          <p className="mt-0.5 text-sm text-asphalt-600">or paste them from your clipboard</p>
          <Button variant="secondary" className="mt-4" disabled={busy} onClick={() => inputRef.current?.click()}>
            Choose Files
          </Button>
          <p className="mt-3 text-xs text-asphalt-500">GIF, JPEG, PNG, MP4 or GPX, up to 50MB each</p>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={UPLOAD_ACCEPT_ATTRIBUTE}
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose files to upload"
            onChange={(event) => {
              if (event.target.files) addFiles(event.target.files);
              event.target.value = '';
            }}
          />
        </div>

        {files.length > 0 ? (
          <ul aria-label="Files to upload" className="mt-4 space-y-2">
            {files.map((f) => (
              <li key={f.key} className="rounded-lg border border-asphalt-200 bg-white px-3 py-2.5">
                <div className="flex items-center gap-3">
                  <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-asphalt-100 text-asphalt-600 [&_svg]:size-[18px]">{kindIcon(f.file)}</span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-semibold text-asphalt-900" title={f.file.name}>{f.file.name}</p>
                    <p className="text-xs text-asphalt-500 tabular-nums">
                      {formatFileSize(f.file.size)}
                      {f.status === 'uploading' ? ` · ${Math.round(f.progress * 100)}%` : null}
                    </p>
                  </div>
                  {f.status === 'done' ? <CircleCheck className="size-5 shrink-0 text-emerald-600" aria-label="Uploaded" /> : null}
                  {f.status === 'failed' ? <CircleAlert className="size-5 shrink-0 text-red-600" aria-label="Failed" /> : null}
                  {f.status === 'ready' || f.status === 'failed' ? (
                    <button
                      type="button"
                      aria-label={`Remove ${f.file.name}`}
                      disabled={busy}
                      onClick={() => setFiles((current) => current.filter((c) => c.key !== f.key))}
                      className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg text-asphalt-400 transition-colors hover:bg-asphalt-100 hover:text-asphalt-800 disabled:opacity-50"
                    >
                      <X className="size-4" aria-hidden="true" />
                    </button>
                  ) : null}
                </div>
                {f.status === 'uploading' || f.status === 'done' ? (
                  <div
                    role="progressbar"
                    aria-label={`Uploading ${f.file.name}`}
                    aria-valuemin={0}
                    aria-valuemax={100}
                    aria-valuenow={Math.round(f.progress * 100)}
                    className="mt-2 h-1.5 overflow-hidden rounded-full bg-asphalt-100"
                  >
                    <div className={cn('h-full rounded-full transition-[width] duration-200', f.status === 'done' ? 'bg-emerald-500' : 'bg-ignition-500')} style={{ width: `${Math.round(f.progress * 100)}%` }} />
                  </div>
                ) : null}
                {f.error ? (
                  <p role="alert" className="mt-1.5 text-xs font-semibold text-red-700">
                    {f.error}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}

        <div className="mt-4">
          <Label htmlFor={descriptionId}>
            Description <span className="font-normal text-asphalt-500">(optional)</span>
          </Label>
          <Textarea
            id={descriptionId}
            value={description}
            maxLength={1000}
            disabled={busy}
            onChange={(event) => setDescription(event.target.value)}
            placeholder="Where was this? Who was riding?"
            className="min-h-20"
          />
        </div>

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => changeOpen(false)}>
            Cancel
          </Button>
          <Button onClick={() => void uploadAll()} disabled={busy}>
            <UploadCloud aria-hidden="true" />
            {busy ? 'Uploading...' : waiting > 1 ? `Upload ${waiting} Files` : 'Upload'}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
