import { z } from 'zod';
import { MB } from '../media/limits';
import { validationMessage } from '../i18n/validation';

/** Spec 2 sections 5 and 9, "Bug report". */
export const BUG_TITLE_MAX_LENGTH = 255;
export const BUG_DESCRIPTION_MIN_LENGTH = 10;
export const BUG_DESCRIPTION_MAX_LENGTH = 10_000;
export const BUG_PAGE_URL_MAX_LENGTH = 2048;
export const BUG_SCREENSHOT_MAX_BYTES = 10 * MB;

/** The bug report form's messages (English on the server, the rider's language in the web: shared/i18n/validation.ts). */
export const BUG_REPORT_MESSAGES = {
  titleRequired: validationMessage(/*i18n*/ { id: 'validation.bug_report.title_required', message: 'Bug title is required' }),
  titleTooLong: validationMessage(/*i18n*/ { id: 'validation.bug_report.title_too_long', message: 'Title too long' }),
  descriptionTooShort: validationMessage(/*i18n*/ { id: 'validation.bug_report.description_too_short', message: 'Please provide a detailed description (at least {min} characters)' }, { min: BUG_DESCRIPTION_MIN_LENGTH }),
  descriptionTooLong: validationMessage(/*i18n*/ { id: 'validation.bug_report.description_too_long', message: 'Description too long' }),
  screenshotNotImage: validationMessage(/*i18n*/ { id: 'validation.bug_report.screenshot_not_image', message: 'Please upload an image file (PNG, JPG, or GIF)' }),
  screenshotTooLarge: validationMessage(/*i18n*/ { id: 'validation.bug_report.screenshot_too_large', message: 'Please upload an image smaller than 10MB' }),
  pageUrlTooLong: validationMessage(/*i18n*/ { id: 'validation.bug_report.page_url_too_long', message: 'Page URL too long' }),
};

/** The form's text fields (multipart on the wire, with the optional `screenshot` file). */
export const bugReportFieldsSchema = z.object({
  title: z
    .string({ error: BUG_REPORT_MESSAGES.titleRequired })
    .trim()
    .min(1, BUG_REPORT_MESSAGES.titleRequired)
    .max(BUG_TITLE_MAX_LENGTH, BUG_REPORT_MESSAGES.titleTooLong),
  description: z
    .string({ error: BUG_REPORT_MESSAGES.descriptionTooShort })
    .trim()
    .min(BUG_DESCRIPTION_MIN_LENGTH, BUG_REPORT_MESSAGES.descriptionTooShort)
    .max(BUG_DESCRIPTION_MAX_LENGTH, BUG_REPORT_MESSAGES.descriptionTooLong),
  pageUrl: z.string().trim().max(BUG_PAGE_URL_MAX_LENGTH, BUG_REPORT_MESSAGES.pageUrlTooLong).optional(),
});
export type BugReportFields = z.infer<typeof bugReportFieldsSchema>;

/** The screenshot types the form takes (the server decides again from the bytes). */
export const BUG_SCREENSHOT_TYPES = ['image/png', 'image/jpeg', 'image/gif'] as const;

/** The client's check of a picked or pasted screenshot: null when fine, else the spec's message. */
export function screenshotProblem(file: { type: string; size: number }): string | null {
  if (!(BUG_SCREENSHOT_TYPES as readonly string[]).includes(file.type.toLowerCase())) return BUG_REPORT_MESSAGES.screenshotNotImage;
  if (file.size > BUG_SCREENSHOT_MAX_BYTES) return BUG_REPORT_MESSAGES.screenshotTooLarge;
  return null;
}

/** What POST /api/bug-reports answers. */
export const bugReportReceiptSchema = z.object({ id: z.string(), createdAt: z.string(), hasScreenshot: z.boolean() });
export type BugReportReceipt = z.infer<typeof bugReportReceiptSchema>;
