import fs from 'node:fs';
import { createRequire } from 'node:module';
import { expect } from 'vitest';
import type { Page } from 'playwright-core';

/**
 * Checks every browser test makes on what a rider sees: toasts shown, accessibility (axe-core) and
 * no sideways scrolling on phones.
 */

/**
 * Toasts live 5 s, and a locator on a loaded machine can miss them: every page records the toasts it
 * shows (call before the first navigation), and tests read that record.
 */
export async function recordToasts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __toasts: string[] }).__toasts = seen;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.addedNodes) {
          if (node instanceof HTMLElement && node.tagName === 'LI' && node.closest('[role=region]')) seen.push(node.innerText || node.textContent || '');
        }
      }
    }).observe(document, { subtree: true, childList: true });
  });
}

/** Every toast the page has shown so far, separated by `---` lines. */
export async function toastsOf(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts?.join('\n---\n') ?? '');
}

/** Waits until the page has shown a toast containing `text`; returns all toast text so far. */
export async function expectToast(page: Page, text: string): Promise<string> {
  await expect.poll(() => toastsOf(page), { timeout: 30_000 }).toContain(text);
  return toastsOf(page);
}

/** Waits until nothing animates (finite animations done), e.g. before measuring colours or a screenshot. */
export async function animationsSettled(page: Page): Promise<void> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity));
}

const axeSource = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe-core's WCAG 2.0/2.1/2.2 A and AA rules once animations have settled, over the whole document
 * by default (the shell as well as the page and any open dialog) or over the elements the selectors
 * match. Only serious and critical violations count: one line per violation, naming the rule, the
 * elements and why.
 */
export async function axeViolations(page: Page, selectors?: string[]): Promise<string[]> {
  // The parts named may still be on their way (a page reveals its later parts after the first
  // paint): wait for each, up to the usual limit, so "nothing matches" means a wrong selector.
  for (const selector of selectors ?? []) await page.locator(selector).first().waitFor({ state: 'attached' }).catch(() => {});
  await animationsSettled(page);
  // Evaluated through the DevTools protocol: the app's CSP (script-src 'self') rightly refuses injected scripts.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
  return page.evaluate(
    async (selectors) => {
      type AxeNode = { target: unknown; html: string; impact?: string | null; failureSummary?: string };
      type Violation = { id: string; impact?: string | null; nodes: AxeNode[] };
      const axe = (window as unknown as { axe: { run(context: unknown, options: unknown): Promise<{ violations: Violation[] }> } }).axe;
      let context: unknown = document;
      if (selectors) {
        const include = selectors.flatMap((selector) => [...document.querySelectorAll(selector)]);
        if (include.length === 0) return [`nothing matches ${selectors.join(', ')}`];
        context = { include };
      }
      const result = await axe.run(context, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] }, resultTypes: ['violations'] });
      const serious = (impact?: string | null) => impact === 'serious' || impact === 'critical';
      return result.violations
        .map((v) => ({ ...v, nodes: v.nodes.filter((n) => serious(n.impact ?? v.impact)) }))
        .filter((v) => v.nodes.length > 0)
        .map((v) => `${v.id}: ${v.nodes.map((n) => `${JSON.stringify(n.target)} ${n.html.slice(0, 200)} ${n.failureSummary ?? ''}`).join(' | ')}`);
    },
    selectors,
  );
}

/**
 * No serious or critical axe-core violation on the page as it is now (whole document unless
 * `selectors` narrow it). `label` names the screen in the failure message.
 */
export async function expectAccessible(page: Page, selectors?: string[], label?: string): Promise<void> {
  expect(await axeViolations(page, selectors), label ?? page.url()).toEqual([]);
}

/** Nothing scrolls sideways: at the current width, or at each of `widths` (phones by default when given). */
export async function expectNoSidewaysScroll(page: Page, widths?: number[]): Promise<void> {
  const overflow = () => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  if (!widths) {
    await expect.poll(overflow).toBeLessThanOrEqual(0);
    return;
  }
  const height = page.viewportSize()?.height ?? 800;
  for (const width of widths) {
    await page.setViewportSize({ width, height });
    await expect.poll(overflow, { message: `sideways scroll at ${width}px` }).toBeLessThanOrEqual(0);
  }
}

export const PHONE_WIDTHS = [320, 375, 414];

/**
 * The elements `selector` matches whose text only fits by breaking inside a word ("Kilometer/s"):
 * `overflow-wrap: break-word` (styles.css) keeps such a box on screen, so it never scrolls sideways,
 * but the word it cuts reads badly. Measured with breaking inside words turned off for a moment.
 */
export async function wordsBrokenIn(page: Page, selector: string): Promise<string[]> {
  return page.locator(selector).evaluateAll((elements) =>
    elements.flatMap((element) => {
      const box = element as HTMLElement;
      box.style.overflowWrap = 'normal';
      const broken = box.scrollWidth > box.clientWidth;
      box.style.overflowWrap = '';
      return broken ? [`${box.textContent} (${box.scrollWidth} px in ${box.clientWidth} px)`] : [];
    }),
  );
}
