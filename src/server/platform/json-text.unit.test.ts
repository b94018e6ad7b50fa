import { describe, expect, it } from 'vitest';
import { JsonText, asciiJson } from './json-text';

describe('asciiJson', () => {
  const value = {
    name: 'Ακρόπολη Run 🏍️ café',
    description: 'Straße → 箱根, "quoted" \\ back\nslash',
    plain: 'Lakeside',
    nested: [{ userId: 'ライダー' }, null, 3.5],
  };

  it('writes every character beyond ASCII as an escape, and reads back as the same value', () => {
    const text = asciiJson(JSON.stringify(value));
    expect(text).toMatch(/^[\x20-\x7e]*$/);
    expect(text).toContain('\\ud83c\\udfcd\\ufe0f');
    expect(JSON.parse(text)).toEqual(value);
  });

  it('leaves ASCII text as it is', () => {
    const ascii = JSON.stringify({ name: 'Sunday Run', n: 1 });
    expect(asciiJson(ascii)).toBe(ascii);
  });

  it('joins cards into a list that reads back as the values, and JSON.stringify gives the same JSON', () => {
    const list = JsonText.list([new JsonText(asciiJson(JSON.stringify(value))), new JsonText('{"b":2}')]);
    expect(JSON.parse(list.text)).toEqual([value, { b: 2 }]);
    expect(JSON.parse(JSON.stringify(list))).toEqual([value, { b: 2 }]);
  });
});
