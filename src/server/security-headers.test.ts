import { describe, expect, it } from 'vitest';
import { useTestApp } from './test/use-test-app';

const t = useTestApp();

describe('security headers (GUIDE section 5)', () => {
  it('sends the content security policy and the other helmet headers with every answer', async () => {
    for (const url of ['/api/app-config', '/api/users/current', '/api/no-such-route']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { host: new URL(t.config.publicUrl).host } });
      const csp = res.headers['content-security-policy'];
      expect(csp, url).toContain("default-src 'self'");
      expect(csp, url).toContain(`img-src 'self' data: blob: ${new URL(t.config.tileUrl.replaceAll(/[{}]/g, '')).origin}`);
      expect(csp, url).toContain("frame-ancestors 'none'");
      expect(csp, url).toContain("object-src 'none'");
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['strict-transport-security'], url).toMatch(/max-age=\d+/);
      expect(res.headers['cross-origin-embedder-policy'], url).toBeUndefined();
    }
  });
});
