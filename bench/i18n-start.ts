/**
 * What the server's catalogs cost a fresh process (issue 31; docs/decisions/2026-11-27-i18n.md):
 * 20 fresh processes write the sign-in mail in English, then in Italian; 20
 * more each build a test app (SQLite) and sign a rider in, which mails the sign-in link and so
 * renders the first server text, as every API test file does. Prints the medians. Run: `npx tsx bench/i18n-start.ts`.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const RUNS = 20;

/** One fresh process: the app built and a rider signed in (the catalogs included), or only the catalogs' first text. */
async function child(mode: string): Promise<void> {
  if (mode === 'catalogs') {
    const { i18nFor } = await import('../src/server/i18n/i18n.service');
    const { signInMail } = await import('../src/server/auth/auth.mails');
    const mail = { to: 'rider@example.com', link: 'https://rc.test/auth/magic-link?token=x', appName: 'RoadCaptain' };
    const started = performance.now();
    signInMail(await i18nFor('en'), mail);
    const first = performance.now() - started;
    const asked = performance.now();
    // A second language, as a mail to an Italian rider would ask for.
    signInMail(await i18nFor('it'), mail);
    process.stdout.write(JSON.stringify({ first, second: performance.now() - asked }));
    return;
  }
  const { createTestApp, buildSignedInUser } = await import('../src/server/test/test-app');
  const started = performance.now();
  const t = await createTestApp();
  await buildSignedInUser(t);
  const app = performance.now() - started;
  await t.close();
  process.stdout.write(JSON.stringify({ app }));
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

function runs(mode: string): Array<Record<string, number>> {
  return Array.from({ length: RUNS }, () => {
    const out = execFileSync(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), 'child', mode], { encoding: 'utf8' });
    return JSON.parse(out.slice(out.indexOf('{'))) as Record<string, number>;
  });
}

if (process.argv[2] === 'child') {
  await child(process.argv[3] ?? 'app');
} else {
  const ms = (values: number[]) => `median ${Math.round(median(values))} ms (min ${Math.round(Math.min(...values))})`;
  const catalogs = runs('catalogs');
  console.log(`catalogs, ${RUNS} fresh processes: the first mail (English) ${ms(catalogs.map((r) => r.first!))}; then in Italian ${ms(catalogs.map((r) => r.second!))}`);
  // `npx tsx bench/i18n-start.ts catalogs`: the catalogs only.
  if (process.argv[2] === 'catalogs') process.exit(0);
  const app = runs('app');
  console.log(`app, ${RUNS} fresh processes: built and a rider signed in ${ms(app.map((r) => r.app!))}`);
}
