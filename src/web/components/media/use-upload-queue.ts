import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from '@lingui/core';
import { msg, plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import type { MediaAssociatedType } from '../../../shared/media/media-item';
import { checkUploadFile } from '../../../shared/media/upload-rules';
import { isGuestUploadTotalError, mediaKeys, uploadMedia } from '../../api/media';
import { serverMessageOf } from '../../lib/api-client';
import { toast } from '../ui/toast';

/** A toast's two texts, shown in the rider's language. */
export interface UploadText {
  title: MessageDescriptor;
  description: MessageDescriptor;
}

/** Spec 2 sections 5 and 8: the upload texts. */
export const UPLOAD_TEXTS = {
  unsupported: { title: msg`Unsupported file type`, description: msg`Please upload GIF, JPEG, PNG, MP4, or GPX files only.` },
  /** A ride takes photos and videos from its riders; its GPX route is added by its owner beside the route. */
  unsupportedOnRide: { title: msg`Unsupported file type`, description: msg`Please add GIF, JPEG, PNG or MP4 files to a ride.` },
  tooLarge: { title: msg`File too large`, description: msg`Please upload files smaller than 50MB.` },
  noFiles: { title: msg`No files selected`, description: msg`Please select at least one file to upload.` },
  success: { title: msg`Upload successful`, description: msg`Your media has been uploaded successfully.` },
  failedTitle: msg`Upload failed`,
  failedFallback: msg`Failed to upload media. Please try again.`,
  pasted: (n: number): UploadText => ({ title: msg`Files pasted`, description: msg`${plural(n, { one: '# file', other: '# files' })} added from clipboard.` }),
} as const;

export type UploadStatus = 'ready' | 'uploading' | 'done' | 'failed';

export interface QueuedFile {
  key: string;
  file: File;
  status: UploadStatus;
  /** 0 to 1 while uploading. */
  progress: number;
  error: string | null;
  /** The refusal was the network's daily guest total: the list offers adding an e-mail address. */
  offerEmail: boolean;
}

/** Where the files go: a rider's gallery ('profile'), one of their rides or one of their groups. */
export interface UploadDestination {
  associatedType: Extract<MediaAssociatedType, 'profile' | 'ride' | 'group'>;
  associatedId?: string;
}

let nextKey = 1;

const isWaiting = (f: QueuedFile) => f.status === 'ready' || f.status === 'failed';

/**
 * The dialog's files: added by picking, dragging or pasting (what the client can already tell is
 * wrong is refused with the spec's toasts and never sent), then sent one request per file with its
 * own progress. Resolves true when every file was uploaded.
 */
export function useUploadQueue({ photosAndVideosOnly = false }: { photosAndVideosOnly?: boolean } = {}) {
  const { i18n } = useLingui();
  const queryClient = useQueryClient();
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const refuse = (text: UploadText) => toast({ title: i18n._(text.title), description: i18n._(text.description), variant: 'destructive' });
  const [busy, setBusy] = useState(false);

  function update(key: string, patch: Partial<QueuedFile>) {
    setFiles((current) => current.map((f) => (f.key === key ? { ...f, ...patch } : f)));
  }

  /** Adds the acceptable files; returns how many were added. */
  function add(list: FileList | File[]): number {
    const accepted: QueuedFile[] = [];
    for (const file of Array.from(list)) {
      const check = checkUploadFile(file, { photosAndVideosOnly });
      if (check === 'unsupported') refuse(photosAndVideosOnly ? UPLOAD_TEXTS.unsupportedOnRide : UPLOAD_TEXTS.unsupported);
      else if (check === 'tooLarge') refuse(UPLOAD_TEXTS.tooLarge);
      else accepted.push({ key: `f${nextKey++}`, file, status: 'ready', progress: 0, error: null, offerEmail: false });
    }
    if (accepted.length > 0) setFiles((current) => [...current.filter((f) => f.status !== 'done'), ...accepted]);
    return accepted.length;
  }

  function remove(key: string) {
    setFiles((current) => current.filter((f) => f.key !== key));
  }

  async function uploadAll(destination: UploadDestination, description: string): Promise<boolean> {
    const pending = files.filter(isWaiting);
    if (pending.length === 0) {
      refuse(UPLOAD_TEXTS.noFiles);
      return false;
    }
    setBusy(true);
    let firstError: string | null = null;
    let uploaded = 0;
    for (const queued of pending) {
      update(queued.key, { status: 'uploading', progress: 0, error: null, offerEmail: false });
      try {
        await uploadMedia({ file: queued.file, description, ...destination, onProgress: (p) => update(queued.key, { progress: p.fraction }) });
        update(queued.key, { status: 'done', progress: 1 });
        uploaded += 1;
      } catch (error) {
        const message = serverMessageOf(error) ?? i18n._(UPLOAD_TEXTS.failedFallback);
        console.error('Media upload failed', error);
        update(queued.key, { status: 'failed', error: message, offerEmail: isGuestUploadTotalError(error) });
        firstError ??= message;
      }
    }
    setBusy(false);
    if (uploaded > 0) await queryClient.invalidateQueries({ queryKey: mediaKeys.all });
    if (firstError) {
      toast({ title: i18n._(UPLOAD_TEXTS.failedTitle), description: firstError, variant: 'destructive' });
      return false;
    }
    toast({ title: i18n._(UPLOAD_TEXTS.success.title), description: i18n._(UPLOAD_TEXTS.success.description), variant: 'success' });
    return true;
  }

  return { files, busy, waiting: files.filter(isWaiting).length, add, remove, clear: () => setFiles([]), uploadAll };
}
