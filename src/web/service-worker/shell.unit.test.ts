import { describe, expect, it } from 'vitest';
import { genericShell, pageAssets, pageEntry, precacheVersion } from './shell';

const page = `<!doctype html><html lang="it"><head>
<link rel="preload" href="/api/users/current" as="fetch" crossorigin="use-credentials" />
<script type="module" src="/zod-jitless.js"></script>
<script type="module" crossorigin src="/assets/index-abc.js"></script>
<link rel="modulepreload" crossorigin href="/assets/vendor-def.js">
<link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
<link rel="modulepreload" crossorigin href="/assets/messages-it1.js"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/home-h1.js"></head>`;

describe('the offline shell', () => {
  it("names the page's entry and every build file it loads, not the API or files outside the build", () => {
    expect(pageEntry(page)).toBe('/assets/index-abc.js');
    expect(pageAssets(page)).toEqual(['/assets/index-abc.js', '/assets/vendor-def.js', '/assets/index-ghi.css', '/assets/messages-it1.js', '/assets/home-h1.js']);
    expect(pageEntry('<html><body>no app</body></html>')).toBeNull();
  });

  it('names each precache list differently, and one list the same each time', () => {
    const a = precacheVersion([{ url: '/assets/index-abc.js', revision: null }, '/icons/icon-192.png']);
    expect(precacheVersion([{ url: '/assets/index-abc.js', revision: null }, '/icons/icon-192.png'])).toBe(a);
    expect(precacheVersion([{ url: '/assets/index-xyz.js', revision: null }, '/icons/icon-192.png'])).not.toBe(a);
  });

  it("keeps a ride page's boot shell as the generic one: no ride's name starts another page offline", () => {
    const generic = '<div class="mx-auto" aria-hidden="true"><div class="h-8 animate-pulse"></div></div>';
    const ride = `<body><div id="boot-shell"><main class="lg:ps-72"><div class="mx-auto" aria-hidden="true" data-boot-ride=""><style>#boot-shell~#root{visibility:hidden}</style><h1 class="mt-2">Futa &lt;template data-boot-generic&gt;</h1></div><template data-boot-generic>${generic}</template></main></div><div id="root"></div></body>`;
    expect(genericShell(ride)).toBe(`<body><div id="boot-shell"><main class="lg:ps-72">${generic}</main></div><div id="root"></div></body>`);
    const plain = `<body><div id="boot-shell"><main class="lg:ps-72">${generic}</main></div></body>`;
    expect(genericShell(plain)).toBe(plain);
  });

  it("names a ride page's scripts, which that page asks for after its first paint, as any page does", () => {
    // As the server writes a ride's page (server/platform/page-preloads.ts, scriptsAfterFirstPaint).
    const deferred = '<script type="module" crossorigin src="/assets/index-abc.js"></script><link rel="modulepreload" crossorigin href="/assets/vendor-def.js">';
    const ride = `<head><script type="module" src="/zod-jitless.js"></script><template id="rc-after-paint">${deferred}</template><script type="module" src="/after-paint.js"></script></head>`;
    expect(pageEntry(ride)).toBe('/assets/index-abc.js');
    expect(genericShell(ride)).toBe(`<head><script type="module" src="/zod-jitless.js"></script>${deferred}</head>`);
  });
});
