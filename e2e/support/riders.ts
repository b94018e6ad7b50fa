import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { linkFrom, type Harness } from './harness';
import { pageApi } from './page-api';
import { newGuestRider } from './ride-steps';

/**
 * Riders and memberships for a test's own setup: every `it` makes the riders and groups it needs
 * (through the API, where the UI flow is not what it tests), so each runs alone and in any order.
 */

export interface Rider {
  context: BrowserContext;
  page: Page;
  /** The account's id. */
  id: string;
  /** The handle. */
  userId: string;
  email: string | null;
}

let made = 0;

/**
 * A number no earlier call in this test file returned: names, handles and addresses a test makes
 * are unique (the server refuses a taken group name or handle, and counts sign-in links per address).
 */
export function unique(): number {
  return ++made;
}

/** The page's rider as the server knows it. */
export async function currentUser(page: Page): Promise<{ id: string; userId: string; email: string | null; isFirstVisit: boolean }> {
  const { status, json } = await pageApi<{ id: string; userId: string; email: string | null; isFirstVisit: boolean }>(page, 'GET', '/api/users/current');
  expect(status).toBe(200);
  return json;
}

/** A new visitor (a guest account) on its own browser context, past the welcome dialog, its toasts recorded. */
export async function guestRider(h: Harness, viewport?: { width: number; height: number }): Promise<Rider> {
  const { context, page } = await newGuestRider(h, viewport);
  const me = await currentUser(page);
  return { context, page, id: me.id, userId: me.userId, email: me.email };
}

/**
 * A visitor who signed in with `email` through the mailed link (real SMTP), past the welcome
 * dialog. An address that has no account yet becomes this guest's.
 */
export async function signedInRider(h: Harness, email: string, viewport?: { width: number; height: number }): Promise<Rider> {
  const { context, page } = await newGuestRider(h, viewport);
  await signIn(h, page, email);
  const me = await currentUser(page);
  expect(me.email).toBe(email);
  return { context, page, id: me.id, userId: me.userId, email: me.email };
}

/** Signs the page in with `email` through the link mailed for this very request (not an earlier one). */
export async function signIn(h: Harness, page: Page, email: string): Promise<void> {
  const after = h.mails.length;
  expect((await pageApi(page, 'POST', '/api/auth/magic-link', { email })).status).toBe(200);
  await page.goto(linkFrom(await h.waitForMail(email, { after })));
  await page.waitForURL((url) => !url.pathname.startsWith('/auth/'));
}

/** Gives the page's rider a handle. */
export async function rename(rider: Rider, handle: string): Promise<void> {
  expect((await pageApi(rider.page, 'PATCH', `/api/users/${rider.id}`, { userId: handle })).status).toBe(200);
  rider.userId = handle;
}

/** `rider` joins the group; when it needs approval, `owner` approves the request. */
export async function joinGroup(rider: Rider, owner: Rider, groupId: string): Promise<void> {
  const joined = await pageApi<{ status: 'member' | 'pending' }>(rider.page, 'POST', `/api/groups/${groupId}/join`);
  expect(joined.status).toBe(200);
  if (joined.json.status === 'member') return;
  const requests = await pageApi<Array<{ id: string; user: { id: string } }>>(owner.page, 'GET', `/api/groups/${groupId}/membership-requests`);
  const request = requests.json.find((r) => r.user.id === rider.id)!;
  expect((await pageApi(owner.page, 'POST', `/api/groups/${groupId}/membership-requests/${request.id}/approve`)).status).toBe(200);
}
