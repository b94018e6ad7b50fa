import type { Page } from 'playwright-core';

/** Calls the API from inside the page, with its session cookie: the status and the parsed JSON (null when empty). */
export async function pageApi<T = unknown>(page: Page, method: string, url: string, body?: unknown): Promise<{ status: number; json: T }> {
  return page.evaluate(
    async ({ method, url, body }) => {
      const res = await fetch(url, { method, headers: body === undefined ? {} : { 'Content-Type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
      const text = await res.text();
      return { status: res.status, json: text ? JSON.parse(text) : null };
    },
    { method, url, body },
  ) as Promise<{ status: number; json: T }>;
}
