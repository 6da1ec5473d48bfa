import { describe, expect, it, vi } from 'vitest';
import { continueTo, newPasswordProblems } from './password.ts';

vi.mock('../../shared/i18n.ts', () => ({
  setLanguage: vi.fn(),
  currentLanguage: () => 'en',
  translate: (k: string) => k,
}));

describe('set password', () => {
  it('explains every problem of a new password in the interface language', () => {
    expect(newPasswordProblems('Better2026', 'cp_dev', 'en')).toEqual([]);
    expect(newPasswordProblems('short1', 'cp_dev', 'en')).toEqual([
      'The password needs at least 8 characters.',
    ]);
    expect(newPasswordProblems('onlyletters', 'cp_dev', 'en')).toEqual([
      'The password must contain both letters and digits.',
    ]);
    expect(newPasswordProblems('cp_dev2026', 'cp_dev', 'en')).toEqual([
      'The password must not contain the username.',
    ]);
    expect(newPasswordProblems('abc', 'x', 'zh')).toHaveLength(2);
  });

  it('continues to a console path only', () => {
    expect(continueTo('/useraccount/refund?x=1')).toBe('/useraccount/refund?x=1');
    expect(continueTo(null)).toBe('/homepage/index');
    expect(continueTo('//evil.test/')).toBe('/homepage/index');
    expect(continueTo('https://evil.test/')).toBe('/homepage/index');
    expect(continueTo('/set-password?to=/x')).toBe('/homepage/index');
  });
});
