import { chromium } from 'playwright-core';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Where the one Chromium of this browser-test run listens (see startHarness). */
    chromiumWsEndpoint: string;
  }
}

/**
 * vitest globalSetup of the browser tests: one Chromium for the whole run, which every test file
 * connects to (each in its own contexts), instead of a browser started and stopped per file.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await chromium.launchServer({
    executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--no-first-run'],
  });
  project.provide('chromiumWsEndpoint', server.wsEndpoint());
  return () => server.close();
}
