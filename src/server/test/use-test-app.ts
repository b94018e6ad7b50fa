import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from './test-app';

/**
 * The app of one test file, on a fresh database: made before the file's first test and closed
 * after its last. The object is filled in by `beforeAll`, so read its fields (`t.app`, `t.mail`)
 * inside tests and hooks, never at the top of the file. Kept apart from test-app.ts, which
 * scripts outside vitest import (the upgrade seed, the bench).
 */
export function useTestApp(env: Record<string, string> = {}): TestApp {
  const t = {} as TestApp;
  beforeAll(async () => {
    Object.assign(t, await createTestApp(env));
  });
  afterAll(async () => t.close());
  return t;
}
