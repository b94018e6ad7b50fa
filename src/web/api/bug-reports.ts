import { useMutation } from '@tanstack/react-query';
import type { BugReportReceipt } from '../../shared/bug-reports/bug-report';
import { uploadMultipart } from '../lib/upload-file';

export interface BugReportInput {
  title: string;
  description: string;
  pageUrl: string;
  screenshot: File | null;
}

/** POST /api/bug-reports (multipart: title, description, pageUrl, screenshot). */
export function submitBugReport({ title, description, pageUrl, screenshot }: BugReportInput): Promise<BugReportReceipt> {
  return uploadMultipart<BugReportReceipt>({
    url: '/api/bug-reports',
    fields: { title, description, pageUrl: pageUrl.trim() || undefined },
    fileField: 'screenshot',
    file: screenshot,
    fileName: screenshot ? screenshot.name || 'screenshot.png' : undefined,
  });
}

export function useSubmitBugReport() {
  return useMutation({ mutationFn: submitBugReport });
}
