import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';
import { animationsSettled, expectAccessible, expectNoSidewaysScroll, expectToast } from './support/page-checks';
import { pageApi } from './support/page-api';
import { createGroup, createRide } from './support/ride-steps';
import { guestRider } from './support/riders';
import { screenshotsDir } from './support/screenshots';

/**
 * What the second attack round changed where riders see it (docs/decisions/2026-11-26-trust-second-round.md):
 * an organizer removes a rider who may not come back and later lets them, and an approval group's
 * ride names its riders to its members only. Each rider in their own browser context.
 */
vi.setConfig({ testTimeout: 180_000 });

const shotsDir = screenshotsDir('trust');
const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 900 };

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

const rider = (viewport?: { width: number; height: number }) => guestRider(h, viewport);

async function shot(page: Page, name: string) {
  await animationsSettled(page);
  await page.screenshot({ path: `${shotsDir}/${name}.png`, fullPage: true });
}

const clubName = () => `Confraternita Motociclistica dei Passi Appenninici ${Math.random().toString(36).slice(2, 7)}`;

describe('trust', () => {
  for (const [label, viewport] of [['375', PHONE], ['1280', DESKTOP]] as const) {
    it(`at ${label} px: the owner removes a rider who may not rejoin, and later lets them back`, async () => {
      const owner = await rider(viewport);
      const name = clubName();
      const group = await createGroup(owner.page, name);
      const troublemaker = await rider(viewport);
      expect((await pageApi(troublemaker.page, 'POST', `/api/groups/${group.id}/join`)).status).toBe(200);

      await owner.page.goto(`/groups/${group.slug}?tab=members`);
      await owner.page.getByRole('list', { name: 'Members' }).waitFor();
      await owner.page.getByRole('button', { name: `Actions for ${troublemaker.userId}` }).click();
      await owner.page.getByRole('menuitem', { name: 'Remove from group' }).click();
      const confirm = owner.page.getByRole('alertdialog');
      const keepOut = confirm.getByRole('checkbox', { name: "Don't let them rejoin" });
      await keepOut.waitFor();
      expect(await keepOut.isChecked()).toBe(false);
      await keepOut.click();
      await expectAccessible(owner.page, undefined, 'remove dialog');
      await shot(owner.page, `remove-dialog-${label}`);
      await confirm.getByRole('button', { name: 'Remove from group' }).click();
      await confirm.waitFor({ state: 'detached' });
      await expectToast(owner.page, `${troublemaker.userId} was removed from ${name}`);

      const removed = owner.page.getByRole('list', { name: 'Kept out' });
      await removed.getByText(troublemaker.userId, { exact: true }).waitFor();
      await expectAccessible(owner.page, undefined, 'removed riders');
      await expectNoSidewaysScroll(owner.page);
      await shot(owner.page, `removed-riders-${label}`);

      // The removed rider's page offers no way back in, and the server refuses the door as well.
      await troublemaker.page.goto(`/groups/${group.slug}`);
      await troublemaker.page.getByRole('heading', { name, level: 1 }).waitFor();
      expect(await troublemaker.page.getByRole('button', { name: 'Join Group' }).count()).toBe(0);
      const refused = await pageApi<{ message: string }>(troublemaker.page, 'POST', `/api/groups/${group.id}/join`);
      expect(refused.status).toBe(403);
      expect(refused.json.message).toBe("You can't join this group");

      await removed.getByRole('button', { name: `Let them back: ${troublemaker.userId}` }).click();
      await expectToast(owner.page, `${troublemaker.userId} may join ${name} again`);
      await removed.waitFor({ state: 'detached' });

      await troublemaker.page.reload();
      await troublemaker.page.getByRole('button', { name: 'Join Group' }).first().click();
      await expectToast(troublemaker.page, "Welcome aboard!");
    });
  }

  it('at 375 px: a declined rider kept from asking again cannot ask again, and is listed as kept out', async () => {
    const owner = await rider(PHONE);
    const name = clubName();
    const group = await createGroup(owner.page, name);
    expect((await pageApi(owner.page, 'PATCH', `/api/groups/${group.id}`, { membershipApprovalRequired: true })).status).toBe(200);
    const asker = await rider(PHONE);
    expect((await pageApi(asker.page, 'POST', `/api/groups/${group.id}/join`)).status).toBe(200);

    await owner.page.goto(`/groups/${group.slug}?tab=pending`);
    await owner.page.getByRole('button', { name: `Decline ${asker.userId}` }).click();
    const confirm = owner.page.getByRole('alertdialog');
    const keepOut = confirm.getByRole('checkbox', { name: "Don't let them ask again" });
    await keepOut.waitFor();
    expect(await keepOut.isChecked()).toBe(false);
    await keepOut.click();
    await expectAccessible(owner.page, undefined, 'decline dialog');
    await shot(owner.page, 'decline-dialog-375');
    await confirm.getByRole('button', { name: 'Decline' }).click();
    await confirm.waitFor({ state: 'detached' });
    await expectToast(owner.page, `${asker.userId}'s request was declined. They can't ask again.`);

    const again = await pageApi<{ message: string }>(asker.page, 'POST', `/api/groups/${group.id}/join`);
    expect(again.status).toBe(403);
    await owner.page.goto(`/groups/${group.slug}?tab=members`);
    await owner.page.getByRole('list', { name: 'Kept out' }).getByText(asker.userId, { exact: true }).waitFor();
  });

  it("an approval group's ride tells outsiders how many ride, and names them to members only", async () => {
    const owner = await rider(DESKTOP);
    const name = clubName();
    const group = await createGroup(owner.page, name);
    expect((await pageApi(owner.page, 'PATCH', `/api/groups/${group.id}`, { membershipApprovalRequired: true })).status).toBe(200);
    const ride = await createRide(owner.page, group.id, { name: 'Passo della Futa e Raticosa, giro lungo' });
    const ridePath = `/groups/${group.slug}/rides/${ride.slug}`;

    for (const [label, viewport] of [['375', PHONE], ['1280', DESKTOP]] as const) {
      const outsider = await rider(viewport);
      await outsider.page.goto(ridePath);
      await outsider.page.getByText("Who rides is shown to the group's members.").waitFor();
      await outsider.page.getByText("Comments on this ride are for the group's members.").waitFor();
      // The owner is on every card (the spec shows it); no other rider is named, and nothing says "Nobody has joined".
      expect(await outsider.page.getByText('Nobody has joined yet').count()).toBe(0);
      await expectAccessible(outsider.page, undefined, `outsider ride page ${label}`);
      await expectNoSidewaysScroll(outsider.page);
      await shot(outsider.page, `approval-ride-outsider-${label}`);
    }

    await owner.page.goto(ridePath);
    await owner.page.getByRole('heading', { name: 'Passo della Futa e Raticosa, giro lungo', level: 1 }).waitFor();
    expect(await owner.page.getByText("Who rides is shown to the group's members.").count()).toBe(0);
    await shot(owner.page, 'approval-ride-owner-1280');
  });
});
