import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const keys = new Map<string, Buffer>();

/**
 * The key calendar feed tokens are derived with, kept in DATA_DIR (which every process and machine
 * of an install shares already, for media) and not in the database: the database holds only each
 * feed's nonce and the SHA-256 of its token, so a leaked database gives no working feed address,
 * while the server can show a rider the same address again. Made on first use; two processes
 * making it at once agree, since only the first link into place wins and both then read it.
 */
export function calendarFeedKey(dataDir: string): Buffer {
  const known = keys.get(dataDir);
  if (known) return known;
  const file = path.join(dataDir, 'calendar-feed.key');
  if (!fs.existsSync(file)) {
    // Written whole under a name of its own, then linked into place: a reader never sees half a key.
    fs.mkdirSync(dataDir, { recursive: true });
    const temp = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}`;
    fs.writeFileSync(temp, crypto.randomBytes(32).toString('hex'), { mode: 0o600 });
    try {
      fs.linkSync(temp, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    } finally {
      fs.unlinkSync(temp);
    }
  }
  const key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex');
  if (key.length !== 32) throw new Error(`${file} is not a 32-byte hex key`);
  keys.set(dataDir, key);
  return key;
}

/** The feed's secret token: HMAC-SHA256 of its nonce, base64url (43 characters). */
export function feedToken(dataDir: string, nonce: string): string {
  return crypto.createHmac('sha256', calendarFeedKey(dataDir)).update(`calendar-feed:${nonce}`).digest('base64url');
}
