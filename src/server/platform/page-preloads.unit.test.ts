import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { scriptsAfterFirstPaint } from './page-preloads';

// jsdom reads the page as a browser's parser does; it ships no types, the DOM's are the lib's.
const { JSDOM } = createRequire(import.meta.url)('jsdom') as { JSDOM: new (html: string) => { window: { document: Document } } };

// index.html as the build writes it (build/stylesheet-first.ts), with a ride page's preloads (page-preloads.ts).
const ridePage = `<!doctype html><html lang="it"><head>
    <link rel="stylesheet" crossorigin href="/assets/index-ghi.css">
    <link rel="preload" href="/api/users/current" as="fetch" crossorigin="use-credentials" />
    <script type="module" src="/zod-jitless.js"></script>
    <script type="module" crossorigin fetchpriority="low" src="/assets/index-abc.js"></script>
    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/vendor-def.js">
<link rel="modulepreload" crossorigin href="/assets/messages-it1.js"><link rel="preload" href="/api/groups/g/rides/r" as="fetch" crossorigin="use-credentials"><link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/ride-detail-r1.js"></head><body><main><h1>Passo della Futa</h1></main></body></html>`;

describe("a ride page's scripts after its first paint", () => {
  it('moves the entry, its module preloads and the catalogs into the template public/after-paint.js adds after the paint; the stylesheet and data stay', () => {
    const html = scriptsAfterFirstPaint(ridePage);
    const { document } = new JSDOM(html).window;
    const template = document.querySelector<HTMLTemplateElement>('head > template#rc-after-paint')!;
    const deferred = [...template.content.children].map((tag) => tag.outerHTML);
    expect(deferred).toEqual([
      '<script type="module" crossorigin="" src="/assets/index-abc.js"></script>',
      '<link rel="modulepreload" crossorigin="" href="/assets/vendor-def.js">',
      '<link rel="modulepreload" crossorigin="" href="/assets/ride-detail-r1.js">',
      '<link rel="modulepreload" crossorigin="" href="/assets/messages-it1.js">',
    ]);
    // Outside the template: what the first paint needs, the data the scripts read first, and the loader after them.
    const asked = [...document.head.querySelectorAll('link, script')].map((tag) => tag.getAttribute('href') ?? tag.getAttribute('src'));
    expect(asked).toEqual(['/assets/index-ghi.css', '/api/users/current', '/zod-jitless.js', '/api/groups/g/rides/r', '/after-paint.js']);
    expect(document.querySelector('main h1')?.textContent).toBe('Passo della Futa');
  });

  it('leaves a page without the app entry as it is', () => {
    const page = '<html><head><title>x</title></head><body></body></html>';
    expect(scriptsAfterFirstPaint(page)).toBe(page);
  });
});
