import { describe, expect, it } from 'vitest';
import { passwordProblems } from '@rx/contracts/acs';
import { generatePassword } from './password.ts';

describe('initial passwords', () => {
  it('meet the policy and avoid look-alike characters', () => {
    for (let i = 0; i < 200; i++) {
      const password = generatePassword();
      expect(password).toHaveLength(12);
      expect(passwordProblems(password, 'someone')).toEqual([]);
      expect(password).not.toMatch(/[0O1Il]/);
    }
  });

  it('add a digit or a letter when chance left one out', () => {
    const all = (n: number) => (size: number) => new Uint32Array(size).fill(n);
    // 0 picks 'A' everywhere: a digit must be put in.
    expect(passwordProblems(generatePassword(8, all(0)), 'x')).toEqual([]);
    // 49 picks '2' everywhere (the first digit): a letter must be put in.
    expect(passwordProblems(generatePassword(8, all(49)), 'x')).toEqual([]);
    expect(generatePassword(4)).toHaveLength(8);
  });
});
