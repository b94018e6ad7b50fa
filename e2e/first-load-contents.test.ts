import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { firstLoadJavaScript } from '../build/first-load';

// What the first load of / may not carry, named here so that it fails at once and says why, before
// the size budget (first-paint.test.ts) notices ~25 KB too many: zod enters through a src/shared
// module that mixes schemas with plain helpers (a property read or helper call the bundler cannot
// drop). Keep such helpers in zod-free modules, as src/shared/rides/ride-file-urls.ts does.
// Every zod 4 schema keeps its internals on `_zod`, a property name minifying cannot change.

const webDir = fileURLToPath(new URL('../dist/web', import.meta.url));

describe('the first load of /', () => {
  it('holds no zod', () => {
    const { files } = firstLoadJavaScript(webDir);
    const withZod = files.filter((name) => fs.readFileSync(path.join(webDir, 'assets', name), 'utf8').includes('._zod'));
    expect(withZod).toEqual([]);
  });

  it('finds zod where it is loaded: the check reads the right marker', () => {
    const chunks = fs.readdirSync(path.join(webDir, 'assets')).filter((name) => name.endsWith('.js'));
    expect(chunks.some((name) => fs.readFileSync(path.join(webDir, 'assets', name), 'utf8').includes('._zod'))).toBe(true);
  });
});
