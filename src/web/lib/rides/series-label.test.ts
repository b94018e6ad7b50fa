import { afterAll, describe, expect, it } from 'vitest';
import { seriesLabel, type SeriesRuleInput } from '../../../shared/series/series-rule';
import { activateLocale, i18n } from '../i18n/i18n';
import { resetTestLanguage } from '../../test/language';
import { seriesLabelText } from '../../../shared/series/series-label-text';

/*
 * A series' repeat in the rider's language, from its rule (issue 31): the week's ordinal agrees with
 * the weekday where the language asks it (Italian, Polish, Portuguese), the number of weeks or months
 * takes the language's plural.
 */
afterAll(resetTestLanguage);

const monthly = (weekOfMonth: 1 | 2 | 3 | 4 | -1, weekday: 'SU' | 'MO' | 'WE' | 'SA', interval = 1): SeriesRuleInput => ({ frequency: 'monthly', interval, weekOfMonth, weekday });
const weekly = (weekdays: ('SU' | 'MO' | 'SA')[], interval = 1): SeriesRuleInput => ({ frequency: 'weekly', interval, weekdays });

describe('seriesLabelText', () => {
  it('reads in English as the server writes it', async () => {
    await activateLocale('en');
    for (const rule of [weekly(['SU']), weekly(['SA', 'SU'], 2), monthly(1, 'SU'), monthly(-1, 'MO', 3), { frequency: 'monthly', interval: 1, monthDay: 15 } as SeriesRuleInput]) {
      expect(seriesLabelText(i18n, rule)).toBe(seriesLabel(rule));
    }
  });

  it('Italian: "prima domenica", "primo lunedì"', async () => {
    await activateLocale('it');
    expect(seriesLabelText(i18n, monthly(1, 'SU'))).toBe('Ogni mese, la prima domenica');
    expect(seriesLabelText(i18n, monthly(1, 'MO'))).toBe('Ogni mese, il primo lunedì');
    expect(seriesLabelText(i18n, monthly(-1, 'SU', 2))).toBe('Ogni 2 mesi, l\'ultima domenica');
    expect(seriesLabelText(i18n, weekly(['SU']))).toBe('Ogni domenica');
    expect(seriesLabelText(i18n, weekly(['SA', 'SU']))).toBe('Ogni domenica e sabato');
  });

  it('Polish: "pierwsza niedziela", "pierwszy poniedziałek", and the plural of weeks', async () => {
    await activateLocale('pl');
    expect(seriesLabelText(i18n, monthly(1, 'SU'))).toBe('Co miesiąc: pierwsza niedziela');
    expect(seriesLabelText(i18n, monthly(1, 'MO'))).toBe('Co miesiąc: pierwszy poniedziałek');
    expect(seriesLabelText(i18n, monthly(2, 'WE'))).toBe('Co miesiąc: druga środa');
    expect(seriesLabelText(i18n, weekly(['SU']))).toBe('Co niedzielę');
    expect(seriesLabelText(i18n, weekly(['SU'], 2))).toBe('Co 2 tygodnie: niedziela');
    expect(seriesLabelText(i18n, weekly(['SU'], 5))).toBe('Co 5 tygodni: niedziela');
  });

  it('Portuguese (Brazil): "primeiro domingo", "primeira segunda-feira"', async () => {
    await activateLocale('pt-BR');
    expect(seriesLabelText(i18n, monthly(1, 'SU'))).toBe('Todo mês, no primeiro domingo');
    expect(seriesLabelText(i18n, monthly(1, 'MO'))).toBe('Todo mês, na primeira segunda-feira');
    expect(seriesLabelText(i18n, monthly(-1, 'SA'))).toBe('Todo mês, no último sábado');
    expect(seriesLabelText(i18n, weekly(['MO']))).toBe('Toda segunda-feira');
    expect(seriesLabelText(i18n, weekly(['SU']))).toBe('Todo domingo');
  });
});
