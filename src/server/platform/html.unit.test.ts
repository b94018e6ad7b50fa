import { describe, expect, it } from 'vitest';
import { escapeHtml } from './html';

describe('escapeHtml', () => {
  it('turns the characters that open markup or end an attribute into entities, and leaves the rest', () => {
    expect(escapeHtml(`<img src=x onerror="alert('Moto & Co')">`)).toBe('&lt;img src=x onerror=&quot;alert(&#39;Moto &amp; Co&#39;)&quot;&gt;');
    expect(escapeHtml('Motoclub Città di Bologna — Пётр 🏍️')).toBe('Motoclub Città di Bologna — Пётр 🏍️');
  });
});
