import fs from 'node:fs';
import path from 'node:path';

/**
 * Where a browser test file keeps the screenshots that people look at (375 px and desktop):
 * `test-results/screens/<suite>` (ignored by git), or under SCREENSHOTS_DIR when set. Made on first use.
 */
export function screenshotsDir(suite: string): string {
  const dir = path.join(process.env.SCREENSHOTS_DIR ?? path.resolve('test-results/screens'), suite);
  fs.mkdirSync(dir, { recursive: true });
  return dir;
}
