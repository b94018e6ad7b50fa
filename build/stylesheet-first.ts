import type { Plugin } from 'vite';

/**
 * Moves the built stylesheet links to the top of <head>, before the entry script and its module
 * preloads that Vite writes first. The stylesheet is the one thing the first paint waits for (the
 * frame in index.html needs it); asked for after twenty scripts, it waits for a free connection
 * (six per origin over HTTP/1.1) and shares the bandwidth with them.
 */
export function stylesheetFirst(): Plugin {
  return {
    name: 'roadcaptain-stylesheet-first',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/[ \t]*<link rel="stylesheet"[^>]*>\n?/g) ?? [];
        if (links.length === 0) return html;
        let rest = html;
        for (const link of links) rest = rest.replace(link, '');
        rest = rest.replace(/(<meta charset="UTF-8" \/>\n)/, `$1${links.map((l) => `    ${l.trim()}\n`).join('')}`);
        return rest.replace(/<script type="module" crossorigin src="\/assets\//g, '<script type="module" crossorigin fetchpriority="low" src="/assets/').replace(/<link rel="modulepreload" crossorigin href=/g, '<link rel="modulepreload" crossorigin fetchpriority="low" href=');
      },
    },
  };
}
