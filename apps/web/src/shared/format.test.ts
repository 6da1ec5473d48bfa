import { describe, expect, it } from 'vitest';
import { formatDateTime, formatMoney } from './format.ts';

describe('formatDateTime', () => {
  it('formats in the interface language, and answers nothing for no date', () => {
    const at = new Date(Date.UTC(2026, 10, 22, 1, 23));
    expect(formatDateTime(at, 'zh')).toMatch(/2026/);
    expect(formatDateTime(at, 'en')).toMatch(/22\/11\/2026/);
    expect(formatDateTime(at, 'ar')).not.toBe(formatDateTime(at, 'en'));
    expect(formatDateTime(null, 'en')).toBe('');
    expect(formatDateTime('not a date', 'en')).toBe('');
  });
});

describe('formatMoney', () => {
  it('reads minor units by the currency’s own digits', () => {
    expect(formatMoney(600, 'CNY', 'zh')).toBe('¥6.00');
    expect(formatMoney(99, 'USD', 'en')).toMatch(/^(US)?\$0\.99$/);
    // Yen has no minor unit: 120 is ¥120.
    expect(formatMoney(120, 'JPY', 'ja')).toBe('￥120');
  });
});
