import { describe, expect, it } from 'vitest';
import { JsonText, asciiJson, serializeReply } from './json-text';

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

  it('is sent as it is by the reply serializer', () => {
    const list = JsonText.list([new JsonText(asciiJson(JSON.stringify(value))), new JsonText('{"b":2}')]);
    expect(JSON.parse(serializeReply(list))).toEqual([value, { b: 2 }]);
  });
});
