import { useId, useRef, useState, type ClipboardEvent, type DragEvent, type ReactNode } from 'react';
import { UploadCloud } from 'lucide-react';
import { PHOTO_AND_VIDEO_ACCEPT_ATTRIBUTE, UPLOAD_ACCEPT_ATTRIBUTE } from '../../../shared/media/upload-rules';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';
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
  title = 'Upload Media',
  description: intro = 'Add photos, videos or GPX tracks to your gallery.',
  photosAndVideosOnly = false,
}: UploadMediaDialogProps) {
  const queue = useUploadQueue({ photosAndVideosOnly });
  const { busy } = queue;
  const inputRef = useRef<HTMLInputElement>(null);
  const descriptionId = useId();
  const [description, setDescription] = useState('');
  const [dragging, setDragging] = useState(false);

  function reset() {
    queue.clear();
    setDescription('');
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
    if (added > 0) toast({ ...UPLOAD_TEXTS.pasted(added) });
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    if (!busy) queue.add(event.dataTransfer.files);
  }

  async function uploadAll() {
    if (!(await queue.uploadAll(destination, description))) return;
    reset();
    onOpenChange(false);
  }

  const waiting = queue.waiting;

  return (
    <Dialog open={open} onOpenChange={changeOpen}>
      <DialogContent size="lg" onPaste={onPaste} onEscapeKeyDown={(e) => (busy ? e.preventDefault() : undefined)} onInteractOutside={(e) => (busy ? e.preventDefault() : undefined)}>
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{intro}</DialogDescription>
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
          <p className="mt-3 text-xs text-asphalt-500">{photosAndVideosOnly ? 'GIF, JPEG, PNG or MP4' : 'GIF, JPEG, PNG, MP4 or GPX'}, up to 50MB each</p>
          <input
            ref={inputRef}
            type="file"
            multiple
            accept={photosAndVideosOnly ? PHOTO_AND_VIDEO_ACCEPT_ATTRIBUTE : UPLOAD_ACCEPT_ATTRIBUTE}
            className="sr-only"
            tabIndex={-1}
            aria-label="Choose files to upload"
            onChange={(event) => {
              if (event.target.files) queue.add(event.target.files);
              event.target.value = '';
            }}
          />
        </div>

        <UploadFileList files={queue.files} busy={busy} onRemove={queue.remove} />

        {destinationField}

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
