import { solveChallenge, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/web/pbkdf2';

/**
 * Works out the sign-in captcha, an ALTCHA proof of work: the counter whose PBKDF2 key (Web
 * Crypto) starts with the challenge's prefix. Answers users/login's `code`, the ALTCHA payload as
 * base64 JSON, or null when it could not be solved in time. Loaded only once a captcha is asked.
 */
export async function solveCaptcha(challenge: Challenge): Promise<string | null> {
  const solution = await solveChallenge({ challenge, deriveKey, timeout: 60_000 });
  return solution ? btoa(JSON.stringify({ challenge, solution })) : null;
}
