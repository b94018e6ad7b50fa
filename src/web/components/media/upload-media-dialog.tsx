import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { UploadCloud } from 'lucide-react';
import { Trans, useLingui } from '@lingui/react/macro';
import { PHOTO_AND_VIDEO_ACCEPT_ATTRIBUTE, UPLOAD_ACCEPT_ATTRIBUTE } from '../../../shared/media/upload-rules';
import { Button } from '../ui/button';
import { Dialog, DialogContent } from '../ui/dialog';
import { DialogHeading } from '../ui/dialog-heading';
import { Label } from '../ui/input';
import { Textarea } from '../ui/textarea';
import { toast } from '../ui/toast';
import { cn } from '../../lib/cn';
import { UploadFileList } from './upload-file-list';
import { UPLOAD_TEXTS, useUploadQueue, type UploadDestination } from './use-upload-queue';

export { UPLOAD_TEXTS };

interface UploadMediaDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Where the files go. */
  destination: UploadDestination;
  /** A field that chooses the destination (the gallery's), shown above the description. */
  destinationField?: ReactNode;
  title?: string;
  description?: string;
  /** A ride's riders add photos and videos (its GPX route is its owner's, added beside the route). */
  photosAndVideosOnly?: boolean;
}

/**
 * Upload Media (spec 2): files by picking, dragging or pasting, an optional description, one
 * request per file with its own progress bar. Files the client can already tell are wrong (type,
 * size) are refused with the spec's toasts and never sent.
 */
export function UploadMediaDialog({
  open,
  onOpenChange,
  destination,
  destinationField,
  title,
  description,
  photosAndVideosOnly = false,
}: UploadMediaDialogProps) {
  const { t, i18n } = useLingui();
  const heading = title ?? t`Upload Media`;
  const intro = description ?? t`Add photos, videos or GPX tracks to your gallery.`;
  const queue = useUploadQueue({ photosAndVideosOnly });
  const { busy } = queue;
  const inputRef = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const [text, setText] = useState('');
  const [dragging, setDragging] = useState(false);

  function reset() {
    queue.clear();
    setText('');
    setDragging(false);
  }

  function changeOpen(next: boolean) {
    if (busy) return;
    if (!next) reset();
    onOpenChange(next);
  }

  function onPaste(event: ClipboardEvent) {
    const pasted = Array.from(event.clipboardData.files);
    if (pasted.length === 0) return;
    event.preventDefault();
    const added = queue.add(pasted);
    if (added > 0) {
      const pastedText = UPLOAD_TEXTS.pasted(added);
      toast({ title: i18n._(pastedText.title), description: i18n._(pastedText.description) });
    }
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!busy) queue.add(event.dataTransfer.files);
  }

  async function uploadAll() {
    if (!(await queue.uploadAll(destination, text))) return;
    reset();
    onOpenChange(false);
  }

  const waiting = queue.waiting;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent size="lg" onPaste={onPaste} onEscapeKeyDown={(e) => (busy ? e.preventDefault() : undefined)} onInteractOutside={(e) => (busy ? e.preventDefault() : undefined)}>
        <DialogHeading title={heading} description={intro} />

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
          <p className="mt-3 text-sm font-semibold text-asphalt-900">
            <Trans>Drag and drop files here</Trans>
          </p>
          <p className="mt-0.5 text-sm text-asphalt-600">
            <Trans>or paste them from your clipboard</Trans>
          </p>
          <Button variant="secondary" className="mt-4" disabled={busy} onClick={() => inputRef.current?.click()}>
            <Trans>Choose Files</Trans>
          </Button>
          <p className="mt-3 text-xs text-asphalt-500">{photosAndVideosOnly ? t`GIF, JPEG, PNG or MP4, up to 50MB each` : t`GIF, JPEG, PNG, MP4 or GPX, up to 50MB each`}</p>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={photosAndVideosOnly ? PHOTO_AND_VIDEO_ACCEPT_ATTRIBUTE : UPLOAD_ACCEPT_ATTRIBUTE}
            className="sr-only"
            tabIndex={-1}
            aria-label={t`Choose files to upload`}
            onChange={(event) => {
              if (event.target.files) queue.add(event.target.files);
              event.target.value = '';
            }}
          />
        </div>

        <UploadFileList files={queue.files} busy={busy} onRemove={queue.remove} />

        {destinationField}

        <div className="mt-4">
          <Label htmlFor={descriptionId} optional>
            <Trans>Description</Trans>
          </Label>
          <Textarea
            id={descriptionId}
            value={text}
            maxLength={1000}
            disabled={busy}
            onChange={(event) => setText(event.target.value)}
            placeholder={t`Where was this? Who was riding?`}
            className="min-h-20"
          />
        </div>

        <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" disabled={busy} onClick={() => changeOpen(false)}>
            <Trans>Cancel</Trans>
          </Button>
          <Button needsServer onClick={() => void uploadAll()} disabled={busy}>
            <UploadCloud aria-hidden="true" />
            {busy ? t`Uploading...` : waiting > 1 ? t`Upload ${waiting} Files` : t`Upload`}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
