import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { NOTIFICATION_TYPES } from '../shared/notifications/notification';

// ARCHITECTURE.md is the map a newcomer reads first (issue 28): short, and true. Every path, symbol and link it
// names must exist, every link between the documents must resolve, and every quoted citation of a section
// (`docs/behaviour/rides.md "Seats that fill themselves"`) must name a heading that is there.
const root = path.resolve(__dirname, '../..');
const MAX_LINES = 300;
const skippedFolders = new Set(['node_modules', '.git', 'dist', 'data', 'coverage']);

function walk(dir: string): string[] {
  return fs.readdirSync(path.join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    if (skippedFolders.has(entry.name)) return [];
    const relative = dir ? `${dir}/${entry.name}` : entry.name;
    return entry.isDirectory() ? [`${relative}/`, ...walk(relative)] : [relative];
  });
}

const entries = walk('');
const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const map = read('ARCHITECTURE.md');

/** The text of the code and its configuration, where a symbol the map names must occur. */
const sourceText = entries
  .filter((entry) => entry !== 'src/server/architecture-map.unit.test.ts')
  .filter((entry) => /^(src|e2e|bench|build|test-data\/upgrade)\/.*\.(ts|tsx|mjs|js|css)$/.test(entry) || /^(package\.json|eslint\.config\.js|vite\.config\.ts|vitest\.config\.ts|tsconfig\.json|index\.html|\.ci\/run)$/.test(entry))
  .map(read)
  .join('\n');
const npmScripts = Object.keys((JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts);

/** Outside fenced blocks: the inline code spans of a Markdown text. */
function codeSpans(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```/gm, '');
  return [...prose.matchAll(/`([^`\n]+)`/g)].map((match) => match[1]!);
}

/** `<domain>` stands for one path segment, `*` for part of one, `**` for any folders. */
function patternOf(name: string): RegExp {
  const escaped = name.replace(/[.+?^${}()|[\]\\]/g, '\\$&');
  const source = escaped.replace(/<[^>]+>/g, '[^/]+').replace(/\*\*\//g, '(?:.*/)?').replace(/\*/g, '[^/]*');
  return new RegExp(`^${source}/?$`);
}

const pathRoots = /^(src|e2e|bench|build|docs|test-data|public|\.ci)\//;
const fileName = /^[\w.<>*-]+\.(ts|tsx|mjs|js|css|md|json)$/;

function pathExists(name: string): boolean {
  const pattern = patternOf(name);
  return entries.some((entry) => pattern.test(entry));
}

function fileNameExists(name: string): boolean {
  const pattern = patternOf(name);
  return entries.some((entry) => pattern.test(entry.split('/').pop()!));
}

/** What a code span names, and whether it is there: a path, a file name, an npm script, or a word of the code. */
function missing(span: string): boolean {
  const name = span.replace(/…$/, '');
  if (pathRoots.test(name)) return !pathExists(name);
  if (fileName.test(name)) return !fileNameExists(name);
  const script = /^npm (?:run )?([\w:-]+)$/.exec(name);
  if (script) return !npmScripts.includes(script[1]!);
  // Symbols, variables, job names, lint rules: one word (dots, dashes, colons and slashes allowed) found in the code.
  if (/^[\w$@.:/-]+(\(\))?$/.test(name)) return !sourceText.includes(name.replace(/\(\)$/, ''));
  return false;
}

function markdownFiles(): string[] {
  return ['ARCHITECTURE.md', 'README.md', ...entries.filter((entry) => entry.startsWith('docs/') && entry.endsWith('.md'))];
}

function headingsOf(file: string): string[] {
  return [...read(file).matchAll(/^#{1,4} (.+)$/gm)].map((match) => match[1]!.trim());
}

describe('ARCHITECTURE.md, the map', () => {
  it(`stays at most ${MAX_LINES} lines`, () => {
    expect(map.split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it('names only paths, files, scripts and symbols that exist', () => {
    const spans = codeSpans(map);
    expect(spans.length).toBeGreaterThan(150);
    expect([...new Set(spans.filter(missing))]).toEqual([]);
  });

  it('tells a missing path or symbol from a present one', () => {
    expect(missing('src/server/rides/rides.policy.ts')).toBe(false);
    expect(missing('src/server/<domain>/')).toBe(false);
    expect(missing('src/server/rides/ride-wishes.ts')).toBe(true);
    expect(missing('mayManageRide')).toBe(false);
    expect(missing('mayManageRides')).toBe(true);
    expect(missing('npm run backup')).toBe(false);
    expect(missing('npm run backups')).toBe(true);
  });
});

describe('the documents', () => {
  it('link only to files that exist', () => {
    const broken = markdownFiles().flatMap((file) =>
      [...read(file).matchAll(/\]\(([^)\s]+)\)/g)]
        .map((match) => match[1]!.split('#')[0]!)
        .filter((target) => target !== '' && !/^[a-z]+:/.test(target))
        .filter((target) => !fs.existsSync(path.resolve(root, path.dirname(file), target)))
        .map((target) => `${file} -> ${target}`),
    );
    expect(broken).toEqual([]);
  });

  it('are cited by heading, and every cited heading is there', () => {
    const cited = [...entries.filter((entry) => /^(src|e2e|bench|build)\/.*\.(ts|tsx|mjs|css)$/.test(entry) && !entry.endsWith('architecture-map.unit.test.ts')), 'vite.config.ts', ...markdownFiles()];
    const citations = cited.flatMap((file) =>
      [...read(file).matchAll(/\b(ARCHITECTURE(?:\.md)?|docs\/[\w./-]+\.md),?\s+"([^"]+)"/g)].map((match) => ({
        where: file,
        document: match[1]!.startsWith('ARCHITECTURE') ? 'ARCHITECTURE.md' : match[1]!,
        // A heading cited across comment lines reads as one line.
        heading: match[2]!.replace(/\s*\n\s*(?:\* |\/\/ )?/g, ' '),
      })),
    );
    expect(citations.length).toBeGreaterThan(25);
    const broken = citations.filter(({ document, heading }) => !fs.existsSync(path.join(root, document)) || !headingsOf(document).some((h) => h.startsWith(heading)));
    expect(broken).toEqual([]);
  });

  it('name every notification type in the who-is-told table', () => {
    const rows = read('docs/behaviour/notifications.md').split('\n').filter((line) => /^\s*\|/.test(line));
    expect(NOTIFICATION_TYPES.filter((type) => !rows.some((row) => row.includes(`\`${type}\`:`)))).toEqual([]);
  });
});
