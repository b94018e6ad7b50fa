// Plain JavaScript in public/: Vite would bundle a source module into the entry chunk, whose
// imported chunks (the schemas) run before its own code; a separate module script runs first.
/**
 * Loaded by index.html as its own module script before the app's entry, so it runs before any
 * zod schema is built. Zod probes whether it may compile parsers with `new Function` when an object
 * schema is built; the app's CSP forbids eval (script-src 'self', GUIDE section 5), so the probe is
 * a CSP violation every page load reports (Chromium's Issues panel, Lighthouse best practices).
 * jitless makes zod skip the probe and parse without compiling; same results. Set through zod's
 * global config object (it exists before zod loads).
 */
globalThis.__zod_globalConfig = { ...globalThis.__zod_globalConfig, jitless: true };
