import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { FileStorage } from '../platform/storage';
import { bugReportsRepository } from './bug-reports.repository';

export interface ListedBugReport {
  id: string;
  createdAt: string;
  title: string;
  description: string;
  pageUrl: string | null;
  userAgent: string | null;
  /** The reporter's handle and e-mail, when the account still exists. */
  reporter: string | null;
  reporterEmail: string | null;
  screenshotName: string | null;
  /** Where the screenshot is (a path under DATA_DIR/media or an s3:// URL), or null without one. */
  screenshotPath: string | null;
}

/** Bug reports for whoever runs the server (`npm run bug-reports`), newest first, with where each screenshot is stored. */
export async function listBugReports(db: Kysely<Database>, storage: FileStorage, limit = 100): Promise<ListedBugReport[]> {
  const rows = await bugReportsRepository.listNewest(db, limit);
  return Promise.all(rows.map(async (r) => {
    const key = r.screenshot_key;
    const place = key ? `${storage.locate(key)}${(await storage.stat(key)) ? '' : ' (missing)'}` : null;
    return {
      id: r.id,
      createdAt: r.created_at,
      title: r.title,
      description: r.description,
      pageUrl: r.page_url,
      userAgent: r.user_agent,
      reporter: r.reporter_handle,
      reporterEmail: r.reporter_email,
      screenshotName: r.screenshot_name,
      screenshotPath: place,
    };
  }));
}

/**
 * Control characters a rider typed (or sent as their browser's name) shown as visible escapes:
 * printed raw, ESC sequences would drive the operator's terminal (clear the screen, rewrite the
 * "from:" line, plant a hyperlink, set the clipboard). Line breaks are kept where `keep` says.
 */
function visible(text: string, keep = ''): string {
  return text.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, (c) => (keep.includes(c) ? c : `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`));
}

/** A report as `npm run bug-reports` prints it: every text a rider chose with its control characters made visible. */
export function formatBugReport(r: ListedBugReport): string {
  const lines = [
    `#${r.id}  ${r.createdAt}  ${visible(r.title)}`,
    `  from:       ${r.reporter ?? '(account removed)'}${r.reporterEmail ? ` <${r.reporterEmail}>` : ''}`,
    `  page:       ${r.pageUrl === null ? '-' : visible(r.pageUrl)}`,
    `  browser:    ${r.userAgent === null ? '-' : visible(r.userAgent)}`,
    `  screenshot: ${r.screenshotPath ? `${r.screenshotPath}${r.screenshotName ? ` (sent as ${visible(r.screenshotName)})` : ''}` : '-'}`,
    ...visible(r.description.replace(/\r\n?/g, '\n'), '\n')
      .split('\n')
      .map((line) => `  | ${line}`),
    '',
  ];
  return `${lines.join('\n')}\n`;
}
