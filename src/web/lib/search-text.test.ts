import { describe, expect, it } from 'vitest';
import { matchesSearchText, searchText } from './search-text';

describe('search text', () => {
  it('folds case in any script, drops accents, and reads curly apostrophes, dashes and spacing as typed on a computer', () => {
    expect(searchText('  Motoclub  Valle dell’Adige — Sezione ')).toBe("motoclub valle dell'adige - sezione");
    expect(searchText('МОТОКЛУБ Λέσχη São Paulo')).toBe('мотоклуб λεσχη sao paulo');
  });

  it('matches any of the texts, and everything for an empty search', () => {
    expect(matchesSearchText(["Motoclub Valle dell'Adige", null], 'valle dell’adige')).toBe(true);
    expect(matchesSearchText(['Λέσχη Μοτοσικλετιστών'], 'λεσχη')).toBe(true);
    expect(matchesSearchText(['Passo della Futa'], 'Stelvio')).toBe(false);
    expect(matchesSearchText([], '  ')).toBe(true);
  });
});
