import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
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
  /** Where the screenshot is on disk (local storage under DATA_DIR/media), or null without one. */
  screenshotPath: string | null;
}

/**
 * Bug reports for whoever runs the server (`npm run bug-reports`), newest first. Screenshots are
 * files of the local storage: `<root>/<first two characters of the key>/<key>`.
 */
export async function listBugReports(db: Kysely<Database>, mediaRoot: string, limit = 100): Promise<ListedBugReport[]> {
  const rows = await bugReportsRepository.listNewest(db, limit);
  return rows.map((r) => {
    const file = r.screenshot_key ? path.join(mediaRoot, r.screenshot_key.slice(0, 2), r.screenshot_key) : null;
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
      screenshotPath: file && fs.existsSync(file) ? file : file ? `${file} (missing)` : null,
    };
  });
}
