import { z } from 'zod';
import { BUG_REPORT_MESSAGES } from '../i18n/validation-messages';
import { requiredText } from '../text/name-text';
import { BUG_DESCRIPTION_MAX_LENGTH, BUG_DESCRIPTION_MIN_LENGTH, BUG_PAGE_URL_MAX_LENGTH, BUG_TITLE_MAX_LENGTH } from '../text/field-limits';
import { MB } from '../media/limits';

/** Spec 2 sections 5 and 9, "Bug report". */
export { BUG_DESCRIPTION_MAX_LENGTH, BUG_DESCRIPTION_MIN_LENGTH, BUG_PAGE_URL_MAX_LENGTH, BUG_TITLE_MAX_LENGTH };
export const BUG_SCREENSHOT_MAX_BYTES = 10 * MB;

/** The form's text fields (multipart on the wire, with the optional `screenshot` file). */
export const bugReportFieldsSchema = z.object({
  title: requiredText({ required: BUG_REPORT_MESSAGES.titleRequired, max: BUG_TITLE_MAX_LENGTH, tooLong: BUG_REPORT_MESSAGES.titleTooLong }),
  description: requiredText({
    required: BUG_REPORT_MESSAGES.descriptionTooShort,
    min: BUG_DESCRIPTION_MIN_LENGTH,
    max: BUG_DESCRIPTION_MAX_LENGTH,
    tooLong: BUG_REPORT_MESSAGES.descriptionTooLong,
  }),
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
