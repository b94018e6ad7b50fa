import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The phone layout rules (docs/web.md "Phones") that a reader of one screen cannot see break
 * another: checked over every component's class names.
 */
function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

const webDir = path.resolve('src/web');

describe('phone layout rules', () => {
  it('gives every grid with breakpoint columns its phone column too (an implicit column grows with its longest word)', () => {
    const offenders: string[] = [];
    for (const file of sourceFiles(webDir)) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/["'`]([^"'`]*)["'`]/g)) {
        const classes = match[1]!.split(/\s+/);
        const isGrid = classes.includes('grid');
        const breakpointColumns = classes.some((c) => /^(sm|md|lg|xl|2xl):grid-cols-/.test(c));
        const phoneColumns = classes.some((c) => c.startsWith('grid-cols-'));
        if (isGrid && breakpointColumns && !phoneColumns) offenders.push(`${path.relative(webDir, file)}: ${match[1]}`);
      }
    }
    expect(offenders).toEqual([]);
  });

  it('lays out by start and end, not left and right, so a right-to-left language mirrors the app (issue 31 point 9)', () => {
    const physical = (utility: string) =>
      /^(m[lr]|p[lr]|left|right|border-[lr]|rounded-[lr]|rounded-[tb][lr]|scroll-m[lr])-/.test(utility) ||
      /^(border-[lr]|rounded-[lr]|rounded-[tb][lr]|text-left|text-right)$/.test(utility);
    const offenders: string[] = [];
    for (const file of [...sourceFiles(webDir), path.resolve('index.html')]) {
      const text = fs.readFileSync(file, 'utf8');
      for (const match of text.matchAll(/["'`]([^"'`]*)["'`]/g)) {
        for (const name of match[1]!.split(/\s+/)) {
          const utility = name.replace(/^(?:[^:\s]+:)*-?/, '');
          // left-1/2 with a translate centres a box whatever the direction.
          if (physical(utility) && utility !== 'left-1/2') offenders.push(`${path.relative(webDir, file)}: ${name}`);
        }
      }
    }
    expect(offenders).toEqual([]);
  });
});
