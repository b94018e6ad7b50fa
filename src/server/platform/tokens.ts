import crypto from 'node:crypto';

/** 32 random bytes, base64url: the form of session ids, magic-link and invitation tokens. */
export function randomToken(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** Secrets are stored only as this hash, so a database leak reveals no usable token. */
export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export function newId(): string {
  return crypto.randomUUID();
}
