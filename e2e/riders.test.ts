import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { linkFrom, startHarness, type Harness } from './support/harness';
import { expectAccessible } from './support/page-checks';
import { screenshotsDir } from './support/screenshots';

/** A real photo from a camera, with GPS coordinates in its EXIF data. */
const PHOTO = path.resolve('test-data/fixtures/images/exif-gps-DSCN0010.jpg');

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => h?.close());

interface Me {
  id: string;
  userId: string;
  userIdChangesCount: number;
  email: string | null;
  location: string | null;
  latitude: number | null;
  longitude: number | null;
  profileImageUrl: string | null;
  motorcycles: Array<{ brand: string; model: string; year: number; color: string }>;
}

async function currentUser(page: Page): Promise<Me> {
  return page.evaluate(async () => (await fetch('/api/users/current')).json());
}

/** A new visitor (a guest account) past the welcome dialog. */
async function newRider(viewport?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page; me: Me }> {
  const { context, page } = await h.newPage(viewport);
  await page.goto('/');
  const dialog = page.getByRole('dialog', { name: 'Welcome to RoadCaptain!' });
  await dialog.getByRole('button', { name: 'Continue to Dashboard' }).click();
  await dialog.waitFor({ state: 'detached' });
  return { context, page, me: await currentUser(page) };
}

async function openPreferences(page: Page) {
  await page.goto('/preferences');
  await page.getByRole('heading', { name: 'Profile Information' }).waitFor();
  await expectAccessible(page);
}

function toast(page: Page, text: string) {
  return page.getByRole('region', { name: /Notification/ }).getByText(text, { exact: true });
}

describe('Preferences: the username', () => {
  it('checks availability as the rider types, refuses a taken handle, and allows two changes only', async () => {
    const other = await newRider();
    const { context, page, me } = await newRider();
    await openPreferences(page);
    const field = page.getByLabel('User ID');
    expect(await page.getByText('Can only be changed 2 more times').count()).toBe(1);

    // Taken regardless of case: a red cross, and saving is refused.
    await field.fill(other.me.userId.toUpperCase());
    await page.getByRole('img', { name: 'Username is taken' }).waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Username not available').waitFor();
    await toast(page, 'This username is already taken. Please choose another.').waitFor();
    expect((await currentUser(page)).userId).toBe(me.userId);

    // A free handle: a green tick, saved, the chip follows.
    const first = `canyon-carver-${Date.now() % 100000}`;
    await field.fill(first);
    await page.getByRole('img', { name: 'Username is available' }).waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Your profile has been successfully updated.').waitFor();
    await page.getByRole('button', { name: new RegExp(`^Account menu:\\s*${first}\\b`) }).waitFor();
    await page.getByText('Can only be changed 1 more time').waitFor();
    await expectAccessible(page);

    // The second and last change.
    const second = `${first}-2`;
    await field.fill(second);
    await page.getByRole('img', { name: 'Username is available' }).waitFor();
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Your profile has been successfully updated.').waitFor();
    await page.getByText('Username change limit reached (2/2 changes used)').waitFor();
    expect(await field.isDisabled()).toBe(true);

    const after = await currentUser(page);
    expect(after).toMatchObject({ userId: second, userIdChangesCount: 2 });
    // The server holds the limit too.
    const status = await page.evaluate(
      async (id) => (await fetch(`/api/users/${id}`, { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ userId: 'third-try' }) })).status,
      me.id,
    );
    expect(status).toBe(403);
    await Promise.all([context.close(), other.context.close()]);
  });
});

describe('Preferences: the e-mail address', () => {
  it('takes effect only after the link sent to the new address is opened', async () => {
    const { context, page } = await newRider();
    await page.goto('/preferences?highlight=email');
    const email = page.getByLabel('Email Address');
    await email.waitFor();
    await expectAccessible(page);
    expect(await email.getAttribute('data-highlighted')).toBe('true');
    await page.waitForURL((url) => url.pathname === '/preferences' && url.search === '');

    const address = `rider-${Date.now()}@example.com`;
    await email.fill(address);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, `We sent a confirmation link to ${address}.`).waitFor();
    expect((await currentUser(page)).email).toBeNull();

    const mail = await h.waitForMail(address);
    await page.goto(linkFrom(mail));
    await page.waitForURL((url) => url.pathname === '/');
    await expect.poll(async () => (await currentUser(page)).email).toBe(address);
    await context.close();
  });
});

describe('the avatar', () => {
  it('crops and uploads a real photo; the chip shows the new picture', async () => {
    const { context, page, me } = await newRider();
    await openPreferences(page);
    await page.getByRole('button', { name: 'Update profile picture' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Profile Picture' });
    await dialog.getByText('PNG, JPG, GIF up to 5MB').waitFor();
    await expectAccessible(page);

    await dialog.locator('input[type="file"]').setInputFiles(PHOTO);
    await dialog.getByText('Adjust the crop area to select your profile picture.').waitFor();
    await expectAccessible(page);
    const selection = dialog.locator('.ReactCrop__crop-selection');
    await selection.waitFor();
    await expect.poll(async () => (await selection.boundingBox())?.width ?? 0).toBeGreaterThan(0);

    // Keyboard nudges: 1 px, 10 with Shift (the crop starts centred, so there is room to move).
    // Positions are read relative to the crop area, once the dialog and image have settled.
    const left = () => selection.evaluate((el) => el.getBoundingClientRect().left - el.closest('.ReactCrop')!.getBoundingClientRect().left);
    let previous = Number.NaN;
    await expect
      .poll(async () => {
        const now = await left();
        const settled = now === previous;
        previous = now;
        return settled;
      }, { interval: 300 })
      .toBe(true);
    const before = await left();
    await selection.focus();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('Shift+ArrowLeft');
    await expect.poll(async () => Math.round(before - (await left()))).toBe(11);
    const after = (await selection.boundingBox())!;
    // A circular, square crop.
    expect(Math.abs(after.width - after.height)).toBeLessThan(1);
    expect(await dialog.locator('.ReactCrop--circular-crop').count()).toBe(1);

    await dialog.getByRole('button', { name: 'Save Avatar' }).click();
    await toast(page, 'Your profile picture has been updated successfully.').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const { profileImageUrl } = await currentUser(page);
    expect(profileImageUrl).toMatch(/^\/media\/files\//);
    // The chip and the avatar card show it at once, as a 200x200 image.
    const chipImage = page.getByRole('button', { name: new RegExp(`^Account menu:\\s*${me.userId}\\b`) }).locator('img');
    await expect.poll(() => chipImage.getAttribute('src')).toBe(profileImageUrl);
    await expect.poll(() => chipImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(200);
    expect(await page.getByRole('img', { name: `${me.userId}'s profile picture` }).getAttribute('src')).toBe(profileImageUrl);

    // What was stored is a JPEG without the photo's GPS position.
    const bytes = await page.evaluate(async (url) => Array.from(new Uint8Array(await (await fetch(url)).arrayBuffer())), profileImageUrl!);
    expect(bytes.slice(0, 3)).toEqual([0xff, 0xd8, 0xff]);
    expect(Buffer.from(bytes).includes(Buffer.from('GPS'))).toBe(false);
    await context.close();
  });
});

describe('the Select Location dialog', () => {
  it('finds "Bologna" offline, and the choice is saved on the profile', async () => {
    const { context, page, me } = await newRider();
    await page.goto(`/profile/${me.userId}`);
    await page.getByRole('heading', { name: me.userId }).waitFor();
    await page.getByText('No location set.').waitFor();
    await expectAccessible(page);

    await page.getByRole('button', { name: 'Set location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Location' });
    await dialog.getByText('Search for a location or use your current position.').waitFor();
    await expectAccessible(page);
    await dialog.getByLabel('Search for a location').fill('Bologna');
    const result = dialog.getByRole('button', { name: /^Bologna, Emilia-Romagna, Italy/ });
    await result.waitFor();
    expect(await result.innerText()).toMatch(/44\.\d{4}, 11\.\d{4}/);
    await result.click();
    await dialog.waitFor({ state: 'detached' });

    await toast(page, 'Your location has been saved.').waitFor();
    await page.getByRole('region', { name: 'Location' }).getByText('Bologna, Emilia-Romagna, Italy').waitFor();
    await expectAccessible(page);
    await page.getByRole('img', { name: 'Map of Bologna, Emilia-Romagna, Italy' }).waitFor();
    const saved = await currentUser(page);
    expect(saved.location).toBe('Bologna, Emilia-Romagna, Italy');
    expect(saved.latitude).toBeCloseTo(44.49, 1);
    expect(saved.longitude).toBeCloseTo(11.34, 1);

    // Preferences shows it too.
    await openPreferences(page);
    await page.getByRole('region', { name: 'Your account' }).getByText('Bologna, Emilia-Romagna, Italy').waitFor();
    await context.close();
  });

  it('fills the Preferences location from the dialog, saved with the form', async () => {
    const { context, page } = await newRider();
    await openPreferences(page);
    await page.getByRole('button', { name: 'Select Location' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select Location' });
    await dialog.getByLabel('Search for a location').fill('Bologna');
    await dialog.getByRole('button', { name: /^Bologna, Emilia-Romagna, Italy/ }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await page.getByLabel('Location', { exact: true }).inputValue()).toBe('Bologna, Emilia-Romagna, Italy');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await toast(page, 'Your profile has been successfully updated.').waitFor();
    const saved = await currentUser(page);
    expect(saved.location).toBe('Bologna, Emilia-Romagna, Italy');
    expect(saved.latitude).toBeCloseTo(44.49, 1);
    await context.close();
  });
});

describe('the Select Location dialog in Polish', () => {
  it('reads München as a Polish rider says it, on a 375 px phone: "Monachium, Bawaria, Niemcy", a city, saved so', async () => {
    // A Polish browser's first visit makes a Polish guest (users/account-language).
    const { context, page } = await h.newPage({ width: 375, height: 740 }, undefined, { locale: 'pl-PL' });
    await page.goto('/');
    const welcome = page.getByRole('dialog', { name: 'Witaj w RoadCaptain!' });
    await welcome.getByRole('button', { name: 'Przejdź do pulpitu' }).click();
    await welcome.waitFor({ state: 'detached' });
    const me = await currentUser(page);
    await page.goto(`/profile/${me.userId}`);
    await page.getByText('Nie ustawiono lokalizacji.').waitFor();

    await page.getByRole('button', { name: 'Ustaw lokalizację' }).click();
    const dialog = page.getByRole('dialog', { name: 'Wybierz lokalizację' });
    await dialog.getByLabel('Szukaj lokalizacji').fill('München');
    // The town and its state under their Polish names (GeoNames), the country's from ICU, the type from its code.
    const result = dialog.getByRole('button', { name: /^Monachium, Bawaria, Niemcy/ });
    await result.waitFor();
    expect(await result.innerText()).toMatch(/^Monachium, Bawaria, Niemcy\s+Miasto\s+·\s+48\.\d{4}, 11\.\d{4}$/);
    await expectAccessible(page);
    await page.screenshot({ path: path.join(screenshotsDir('riders'), 'select-location-pl-375.png') });
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // "Bawaria" alone is the state, under its Polish name.
    await dialog.getByLabel('Szukaj lokalizacji').fill('Bawaria');
    const state = dialog.getByRole('button', { name: /^Bawaria, Niemcy/ });
    await state.waitFor();
    expect(await state.innerText()).toContain('Region');
    await dialog.getByLabel('Szukaj lokalizacji').fill('München');
    await result.click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByText('Lokalizacja została zapisana.', { exact: true }).waitFor();
    expect((await currentUser(page)).location).toBe('Monachium, Bawaria, Niemcy');
    await context.close();
  });
});

describe('the public profile', () => {
  it("lets its rider edit the motorcycles, dropping incomplete rows; visitors only see them", async () => {
    const { context, page, me } = await newRider();
    await page.goto(`/profile/${me.userId}`);
    const card = page.getByRole('region', { name: 'Motorcycles' });
    await card.getByText('No motorcycles added yet.').waitFor();
    await expectAccessible(page);
    await card.getByRole('button', { name: 'Add motorcycles' }).click();

    // One row always remains.
    expect(await card.getByRole('button', { name: 'Remove motorcycle 1' }).isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Save Motorcycles' }).click();
    await toast(page, 'Please add at least one motorcycle with all fields filled.').waitFor();

    await card.getByLabel('Brand').fill('Ducati');
    await card.getByLabel('Model').fill('Monster');
    await card.getByLabel('Year').fill('1899');
    await card.getByLabel('Color').fill('Red');
    await card.getByRole('button', { name: 'Add Motorcycle' }).click();
    await card.getByLabel('Brand').nth(1).fill('Honda');
    await card.getByRole('button', { name: 'Save Motorcycles' }).click();
    await card.getByText(/^Year must be between 1900 and \d{4}\.$/).waitFor();

    await card.getByLabel('Year').first().fill('2020');
    await card.getByRole('button', { name: 'Save Motorcycles' }).click();
    await toast(page, 'Your motorcycles have been saved.').waitFor();
    await card.getByText('Ducati Monster').waitFor();
    await card.getByText('2020 · Red').waitFor();
    await expectAccessible(page);
    expect(await card.getByText('Honda').count()).toBe(0);
    expect((await currentUser(page)).motorcycles).toEqual([{ brand: 'Ducati', model: 'Monster', year: 2020, color: 'Red' }]);

    // Another rider sees the bike but no edit controls.
    const visitor = await newRider();
    await visitor.page.goto(`/profile/${me.userId}`);
    const visitorCard = visitor.page.getByRole('region', { name: 'Motorcycles' });
    await visitorCard.getByText('Ducati Monster').waitFor();
    expect(await visitorCard.getByRole('button').count()).toBe(0);
    expect(await visitor.page.getByRole('button', { name: 'Update profile picture' }).count()).toBe(0);
    expect(await visitor.page.getByRole('button', { name: 'Change Background' }).count()).toBe(0);
    await Promise.all([context.close(), visitor.context.close()]);
  });

  it('says "Profile not found" for an unknown or hidden handle', async () => {
    const { context, page, me } = await newRider();
    await page.goto('/profile/nobody-by-this-name');
    await page.getByRole('heading', { name: 'Profile not found' }).waitFor();
    await expectAccessible(page);

    // A private profile looks the same to others.
    await openPreferences(page);
    await page.getByRole('switch', { name: 'Private' }).click();
    await toast(page, 'Your profile is now completely private').waitFor();
    const visitor = await newRider();
    await visitor.page.goto(`/profile/${me.userId}`);
    await visitor.page.getByRole('heading', { name: 'Profile not found' }).waitFor();
    await expectAccessible(visitor.page);
    await Promise.all([context.close(), visitor.context.close()]);
  });

  it('changes the background with a 16:9 crop', async () => {
    const { context, page, me } = await newRider({ width: 375, height: 812 });
    await page.goto(`/profile/${me.userId}`);
    await page.getByRole('button', { name: 'Change Background' }).click();
    const dialog = page.getByRole('dialog', { name: 'Update Background Image' });
    await dialog.getByText('PNG, JPG, GIF up to 10MB').waitFor();
    await expectAccessible(page);
    await dialog.locator('input[type="file"]').setInputFiles(PHOTO);
    const selection = dialog.locator('.ReactCrop__crop-selection');
    await selection.waitFor();
    await expect.poll(async () => (await selection.boundingBox())?.width ?? 0).toBeGreaterThan(0);
    const box = (await selection.boundingBox())!;
    expect(box.width / box.height).toBeCloseTo(16 / 9, 1);
    await dialog.getByRole('button', { name: 'Save Background' }).click();
    await toast(page, 'Your background image has been updated successfully.').waitFor();
    const { backgroundImageUrl } = await page.evaluate(async () => (await fetch('/api/users/current')).json());
    expect(backgroundImageUrl).toMatch(/^\/media\/files\//);
    await expect.poll(() => page.getByRole('img', { name: `${me.userId}'s background` }).getAttribute('src')).toBe(backgroundImageUrl);
    await context.close();
  });
});
