/** Letters and digits without the look-alikes (0/O, 1/I/l), so an initial password can be read out. */
const LETTERS = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz';
const DIGITS = '23456789';
const ALL = LETTERS + DIGITS;

type Random = (size: number) => Uint32Array;
const cryptoRandom: Random = (size) => crypto.getRandomValues(new Uint32Array(size));

/**
 * An initial password meeting the policy (8+ characters, letters and digits): the staff member
 * must change it at first sign-in.
 */
export function generatePassword(length = 12, random: Random = cryptoRandom): string {
  const size = Math.max(length, 8);
  const values = random(size + 2);
  const chars = Array.from({ length: size }, (_, i) => ALL[values[i]! % ALL.length]!);
  // At least one letter and one digit, at places chosen by the last two values.
  const letterAt = values[size]! % size;
  const digitAt = (letterAt + 1 + (values[size + 1]! % (size - 1))) % size;
  if (!/[A-Za-z]/.test(chars.join(''))) chars[letterAt] = LETTERS[values[letterAt]! % LETTERS.length]!;
  if (!/[0-9]/.test(chars.join(''))) chars[digitAt] = DIGITS[values[digitAt]! % DIGITS.length]!;
  return chars.join('');
}
