import { describe, expect, it } from 'vitest';
import { groupNameKey } from './group-name';

describe('groupNameKey', () => {
  it.each([
    ['Alpine Wolves', 'alpine   WOLVES!'],
    ['Night Riders', '\u202ENight\u200B Riders'],
    ['ﬁne Riders', 'Ｆｉｎｅ riders'],
    ['МОТОКЛУБ Москва', 'мотоклуб москва'],
    ['🏍️🔥', ' 🏍️🔥 '],
  ])('%s is the same name as %s', (a, b) => {
    expect(groupNameKey(a)).toBe(groupNameKey(b));
  });

  it.each([
    ['Мотоклуб Москва', 'Motoklub Moskva'],
    ['Café Racers', 'Cafe Racers'],
    ['Night Riders', 'NightRiders'],
    ['🏍️🔥', '🔥🏍️'],
    ['東京ライダーズ', '東京ライダー'],
  ])('%s is not %s', (a, b) => {
    expect(groupNameKey(a)).not.toBe(groupNameKey(b));
  });
});
