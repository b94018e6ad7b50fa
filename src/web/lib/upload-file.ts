import { ERRORS_GROUP } from '../../shared/i18n/catalog-index';
import { ApiError, NO_ANSWER } from './api-client';
import { loadMessageGroup } from './i18n/i18n';

export interface UploadProgress {
  loaded: number;
  total: number;
  /** 0 to 1. */
  fraction: number;
}

export interface MultipartUploadOptions {
  url: string;
  /** Text fields, sent before the file so the server knows the target and its limit first. */
  fields?: Record<string, string | undefined>;
  fileField: string;
  /** Optional: a form may be sent without its file. */
  file?: Blob | null;
  fileName?: string;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/**
 * A multipart POST through XMLHttpRequest, whose upload events give per-file progress (fetch has
 * none). Same conventions as api-client: credentials always, and a non-OK answer rejects with an
 * ApiError carrying the body (the server's JSON `{ message }`). A network failure rejects with an
 * ApiError of status 0.
 */
export function uploadMultipart<T>({ url, fields = {}, fileField, file, fileName, onProgress, signal }: MultipartUploadOptions): Promise<T> {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.append(name, value);
  if (file && fileName !== undefined) form.append(fileField, file, fileName);
  else if (file) form.append(fileField, file);
  const size = file?.size ?? 0;

  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => {
      const total = event.lengthComputable ? event.total : size;
      onProgress?.({ loaded: event.loaded, total, fraction: total > 0 ? Math.min(1, event.loaded / total) : 0 });
    };
    xhr.onload = () => {
      const text = xhr.responseText ?? '';
      if (xhr.status >= 200 && xhr.status < 300) {
        onProgress?.({ loaded: size, total: size, fraction: 1 });
        try {
          resolve((text ? JSON.parse(text) : undefined) as T);
        } catch {
          reject(new ApiError(xhr.status, xhr.statusText, text));
        }
      } else {
        void loadMessageGroup(ERRORS_GROUP).then(() => reject(new ApiError(xhr.status, xhr.statusText, text)));
      }
    };
    xhr.onerror = () => reject(new ApiError(NO_ANSWER, 'Network error', ''));
    xhr.onabort = () => reject(new ApiError(0, 'Upload cancelled', ''));
    if (signal) {
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}
