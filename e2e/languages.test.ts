import fs from 'node:fs';
import path from 'node:path';
import { CATALOG_MANIFEST, catalogPath, type CatalogManifest } from '../src/shared/i18n/catalog-index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startHarness, type Harness } from './support/harness';

// Issue 31 points 2 and 5 in Chromium: an Italian browser's first visit is served in Italian, with
// the Italian catalog preloaded and no other loaded; a language chosen in Preferences switches the
// app at once, without a reload, and is kept after one; a rider on a new phone gets their language.
// Texts are asserted in the pseudo-language (en-XA), whose catalog is written from the English one.

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(async () => {
  await h?.close();
});

/** The built first-load catalog of a language (build/catalog-split.ts, as the server reads it). */
function catalogFile(locale: string): string {
  const catalogs = JSON.parse(fs.readFileSync(path.resolve('dist/web', CATALOG_MANIFEST), 'utf8')) as CatalogManifest;
  return `/${catalogPath(catalogs, locale, catalogs.first)}`;
}

/** The Language select, found by its choices: its label is in whatever language the page is. */
const languageSelect = (page: Page) => page.locator('select').filter({ has: page.locator('option[value="pl"]') });

const htmlLanguage = (page: Page) => page.evaluate(() => ({ lang: document.documentElement.lang, locale: document.documentElement.dataset.locale ?? null }));

/** A pseudo-language text: in brackets, accented, the English inside ("[~Ĺàńĝũàĝē~]" is "Language"). */
function expectPseudo(text: string, english: string) {
  expect(text).toMatch(/^\[.+\]$/);
  expect(text).not.toBe(english);
  expect(text.normalize('NFD').replace(/[\u0300-\u036f~[\]]/g, '')).toContain(english);
}

describe('languages', () => {
  it("serves an Italian browser's first visit in Italian; a choice in Preferences switches at once and is kept; a new phone gets the rider's", async () => {
    const { context, page } = await h.newPage(undefined, undefined, { locale: 'it-IT' });
    const catalogsLoaded: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (/\/assets\/messages-[\w-]+\.js$/.test(pathname)) catalogsLoaded.push(pathname);
    });

    // The first visit: <html lang="it"> from the server, the Italian catalog preloaded with the page.
    const response = await page.goto('/');
    const html = await response!.text();
    expect(html).toContain('<html lang="it" dir="ltr" data-locale="it">');
    expect(html).toContain(`<link rel="modulepreload" crossorigin href="${catalogFile('it')}">`);
    expect(html).not.toContain(catalogFile('en'));
    await page.getByRole('dialog').waitFor();
    expect(await htmlLanguage(page)).toEqual({ lang: 'it', locale: 'it' });
    // The first load's catalog first; then the messages of the chunks the app fetches ahead, Italian too.
    expect(catalogsLoaded[0]).toBe(catalogFile('it'));
    expect(catalogsLoaded.filter((file) => !file.startsWith('/assets/messages-it-'))).toEqual([]);
    // The guest the visit made has the browser's language.
    expect(await page.evaluate(async () => (await (await fetch('/api/users/current')).json()).language)).toBe('it');

    // The welcome offers the language too; closed here to reach Preferences.
    await expect.poll(() => languageSelect(page).count()).toBe(1);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });

    await page.goto('/preferences');
    const select = languageSelect(page);
    await select.waitFor();
    expect(await select.inputValue()).toBe('it');
    // The select's label, looked up by the select's id each time: React's ids follow the order in
    // which parts are built, which a reloaded page need not repeat.
    const labelText = async () => page.locator(`label[for="${await select.getAttribute('id')}"]`).innerText();
    // A mark on this page's window: gone if the page were loaded again.
    await page.evaluate(() => Object.assign(window, { samePage: true }));

    await select.selectOption('en-XA');
    await expect.poll(async () => (await htmlLanguage(page)).lang).toBe('en-XA');
    expectPseudo(await labelText(), 'Language');
    expect(await htmlLanguage(page)).toEqual({ lang: 'en-XA', locale: 'en-XA' });
    expect(await page.evaluate(() => (window as { samePage?: boolean }).samePage)).toBe(true);
    expect(catalogsLoaded).toContain(catalogFile('en-XA'));

    // Kept after a reload: the server starts the page in it (the cookie), and nothing switches back.
    const reloaded = await page.reload();
    expect(await reloaded!.text()).toContain('<html lang="en-XA" dir="ltr" data-locale="en-XA">');
    await select.waitFor();
    expectPseudo(await labelText(), 'Language');
    expect(await select.inputValue()).toBe('en-XA');
    expect(await htmlLanguage(page)).toEqual({ lang: 'en-XA', locale: 'en-XA' });

    // A rider's language is saved: German, at once, then after a reload.
    await select.selectOption('de');
    await expect.poll(async () => (await htmlLanguage(page)).lang).toBe('de');
    await expect.poll(() => page.evaluate(async () => (await (await fetch('/api/users/current')).json()).language)).toBe('de');
    await page.reload();
    await select.waitFor();
    expect(await select.inputValue()).toBe('de');
    expect(await htmlLanguage(page)).toEqual({ lang: 'de', locale: 'de' });

    // The same rider on a new phone, an Italian one without the language cookie: the page starts in
    // the browser's language and switches to the rider's once they are known.
    const { cookies } = await context.storageState();
    const phone = await h.newPage({ width: 375, height: 740 }, { cookies: cookies.filter((cookie) => cookie.name !== 'rc_lang'), origins: [] }, { locale: 'it-IT' });
    const first = await phone.page.goto('/preferences');
    expect(await first!.text()).toContain('<html lang="it"');
    await expect.poll(async () => (await htmlLanguage(phone.page)).lang).toBe('de');
    expect(await languageSelect(phone.page).inputValue()).toBe('de');
  });
});
