import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Comments cite the product documents kept in docs/ ("spec 2 section 5", "GUIDE section 10"). A citation
// that points at a missing document or section sends the next reader nowhere, so each one is checked.
const root = path.resolve(__dirname, '../..');
const docs = path.join(root, 'docs');
const scanned = ['src', 'e2e', 'bench', 'build', 'ARCHITECTURE.md', 'README.md', 'docs/behaviour', 'docs/decisions', 'docs/security.md', 'docs/web.md', 'docs/data.md'];

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (!fs.existsSync(full)) return [];
  if (fs.statSync(full).isFile()) return [full];
  return fs.readdirSync(full, { recursive: true, encoding: 'utf8' })
    .map((name) => path.join(full, name))
    .filter((file) => /\.(ts|tsx|mjs|js|md|css)$/.test(file) && fs.statSync(file).isFile());
}

function sectionsOf(file: string): Set<string> {
  const text = fs.readFileSync(file, 'utf8');
  return new Set([...text.matchAll(/^## (\d+)\./gm)].map((match) => match[1]!));
}

function documentFor(name: string): string | undefined {
  if (name === 'GUIDE') return path.join(docs, 'GUIDE.md');
  const number = name.replace('spec ', '');
  const file = fs.readdirSync(path.join(docs, 'spec')).find((entry) => entry.startsWith(`${number}-`));
  return file && path.join(docs, 'spec', file);
}

describe('citations of the product documents', () => {
  const citations = scanned.flatMap(filesUnder)
    .filter((file) => !file.endsWith('docs-citations.unit.test.ts'))
    .flatMap((file) => [...fs.readFileSync(file, 'utf8').matchAll(/\b(spec [0-9]|GUIDE)(?: section (\d+))?/g)]
      .map((match) => ({ where: path.relative(root, file), document: match[1]!, section: match[2] })));

  it('finds the citations it checks', () => {
    expect(citations.length).toBeGreaterThan(50);
  });

  it('every cited document and section exists in docs/', () => {
    const broken = citations.filter(({ document, section }) => {
      const file = documentFor(document);
      if (!file || !fs.existsSync(file)) return true;
      return section !== undefined && !sectionsOf(file).has(section);
    });
    expect(broken).toEqual([]);
  });
});
