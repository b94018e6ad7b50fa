import { describe, expect, it } from 'vitest';
import { baseSlug, firstFreeSlug, slugify, SLUG_MAX_LENGTH } from './slug';

const ID = '3fa9c1d2-7b44-4e1a-9c0d-2f6e8a1b5c37';

describe('slugify', () => {
  it.each([
    ['Night Riders', 'night-riders'],
    ['  Night Riders! ', 'night-riders'],
    ['Café Racers', 'cafe-racers'],
    ['Straße Ritter', 'strasse-ritter'],
    ['Ça_va?', 'ca-va'],
    ['Мотоклуб Москва', 'motoklub-moskva'],
    ['東京ライダーズ', 'dong-jing-raidazu'],
    ['서울 라이더스', 'seoul-raideoseu'],
    ['Ελληνικά Μηχανές', 'ellinika-mihanes'],
    ['نادي الدراجات', 'ndy-ldrjt'],
    ['קבוצה', 'qbvtsh'],
    ['मोटो क्लब', 'motto-klb'],
    ['ช่างรถ', 'chaangrth'],
    ['İstanbul Motor', 'istanbul-motor'],
    ['ﬁne Ｒｉｄｅｒｓ', 'fine-riders'],
    ['ТЕСТ 2024', 'test-2024'],
  ])('%s → %s', (name, slug) => {
    expect(slugify(name)).toBe(slug);
  });

  it('ignores bidi controls and zero-width characters', () => {
    expect(slugify('Night\u200B Riders\u202E')).toBe('night-riders');
  });

  it('gives nothing for names without letters it can spell', () => {
    expect(slugify('🏍️🔥')).toBe('');
    expect(slugify('   ')).toBe('');
  });

  it('is stable on its own output, so a slug in a URL finds the same group as the name', () => {
    for (const name of ['Мотоклуб Москва', '東京ライダーズ', 'Café Racers']) expect(slugify(slugify(name))).toBe(slugify(name));
  });

  it('stays short enough for a URL, cut at a word boundary', () => {
    const slug = slugify('東京ライダーズ'.repeat(36));
    expect(slug.length).toBeLessThanOrEqual(SLUG_MAX_LENGTH);
    expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('baseSlug', () => {
  it('is the transliterated name when that has a letter', () => {
    expect(baseSlug('Мотоклуб Москва', 'group', ID)).toBe('motoklub-moskva');
  });

  it('is never empty and never a bare number', () => {
    expect(baseSlug('🏍️🔥', 'group', ID)).toBe('group-3fa9c1d2');
    expect(baseSlug('2024', 'ride', ID)).toBe('ride-2024-3fa9c1d2');
    expect(baseSlug('\u200B\u202E', 'ride', ID)).toBe('ride-3fa9c1d2');
  });
});

describe('firstFreeSlug', () => {
  it('appends -2, -3... while the slug is taken', async () => {
    const taken = new Set(['motoklub', 'motoklub-2']);
    expect(await firstFreeSlug('motoklub', async (slug) => taken.has(slug))).toBe('motoklub-3');
    expect(await firstFreeSlug('other', async (slug) => taken.has(slug))).toBe('other');
  });
});
