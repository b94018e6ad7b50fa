import { describe, expect, it } from 'vitest';
import { catalogPath, messageIdsIn } from './catalog-index';

describe('the split catalogs', () => {
  const known = new Set(['7kxOIH', '+/gvSH', 'validation.required', 'errors.not_found', 'unused']);

  it("finds a chunk's ids however the minifier quoted them, past long texts and quotes inside other literals", () => {
    const long = 'x'.repeat(300);
    const code = `const a="${long}",b=/['"]/,c=\`it's\`;jsx(T,{id:\`7kxOIH\`});i18n._({id:"+/gvSH"});z.string({message:'validation.required'})`;
    expect([...messageIdsIn(code, known)].sort()).toEqual(['+/gvSH', '7kxOIH', 'validation.required']);
  });

  it('leaves the refusals to their own group, and a word that is no id alone', () => {
    expect([...messageIdsIn('fetch("errors.not_found");const s="7kxOIHx"', known)]).toEqual([]);
  });

  it("names a catalog by language, key and the language's version", () => {
    expect(catalogPath({ first: 'f1', versions: { it: 'v9' }, groups: [] }, 'it', 'f1')).toBe('assets/messages-it-f1-v9.js');
  });
});
