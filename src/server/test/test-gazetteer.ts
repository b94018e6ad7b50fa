import os from 'node:os';
import path from 'node:path';
import { GAZETTEER_VERSION, ensureGazetteerFile } from '../geocoding/gazetteer';

/**
 * One gazetteer file for the whole test run (and the next ones), outside any test's data directory:
 * building it takes seconds, so no test file builds its own. The version in the path makes a run of
 * a newer format build a new one. A fresh checkout (CI) builds it once, in the global setup.
 */
export function testGazetteerDir(): string {
  return path.join(os.tmpdir(), `roadcaptain-test-gazetteer-v${GAZETTEER_VERSION}`);
}

export function testGazetteerFile(): string {
  return ensureGazetteerFile(testGazetteerDir());
}

/** vitest globalSetup: builds the file before any test file runs, so parallel files never build at once. */
export default function setup(): void {
  testGazetteerFile();
}
