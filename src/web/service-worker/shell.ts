/**
 * The offline shell (issue 32 point 2): the server writes each page's HTML per request (its language,
 * the route's preloads), so the worker keeps the last page it got from the network as the shell, and
 * answers a navigation with it only when the network fails. A page is kept only when this worker's
 * precache can run it: its entry script is one of the precached files.
 */

/** The build's files a page names: its entry, its stylesheet, its module preloads (route chunks, the language's catalog). */
export function pageAssets(html: string): string[] {
  return [...new Set([...html.matchAll(/\b(?:src|href)="(\/assets\/[^"?#]+)"/g)].map((match) => match[1]!))];
}

/** The page's entry script (Vite's `<script type="module" … src="/assets/index-….js">`), or null. */
export function pageEntry(html: string): string | null {
  return /<script\b[^>]*\btype="module"[^>]*\bsrc="(\/assets\/[^"]+)"/.exec(html)?.[1] ?? null;
}

/**
 * The page as a shell for any page: a ride's page paints the ride's heading in its boot shell (the
 * server writes it: previews.service.ts, rideBootMain) and the generic skeleton after it in a
 * <template data-boot-generic>; the shell keeps the generic skeleton alone. Such a page also asks
 * for the app's scripts only after its first paint (server/platform/page-preloads.ts,
 * scriptsAfterFirstPaint); the shell names them as any page does.
 */
export function genericShell(html: string): string {
  return html
    .replace(/<div\b[^>]*\bdata-boot-ride\b[\s\S]*?<template data-boot-generic>([\s\S]*?)<\/template>/, '$1')
    .replace(/<template id="rc-after-paint">([\s\S]*?)<\/template><script type="module" src="\/after-paint\.js"><\/script>/, '$1');
}

/** A short name of one precache list (FNV-1a of its URLs and revisions): each version of the worker keeps its own shell. */
export function precacheVersion(entries: ReadonlyArray<string | { url: string; revision?: string | null }>): string {
  let hash = 0x811c9dc5;
  for (const entry of entries) {
    const text = typeof entry === 'string' ? entry : `${entry.url}#${entry.revision ?? ''}`;
    for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  }
  return (hash >>> 0).toString(36);
}
