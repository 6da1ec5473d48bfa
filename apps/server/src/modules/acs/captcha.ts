import { createHash } from 'node:crypto';
import { createChallenge, verifySolution, type Challenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';

/**
 * The sign-in captcha: an ALTCHA proof-of-work challenge (altcha-lib). Nothing on the page gives
 * the answer away: the browser must find the counter whose PBKDF2 key starts with the signed
 * prefix, about a second of work on a laptop — nothing for one person, a real cost for each
 * guess of a script, on top of the account and address lockouts (throttle.ts).
 */

export const CAPTCHA_TTL_SECONDS = 300;
const ALGORITHM = 'PBKDF2/SHA-256';

/**
 * The work: PBKDF2 iterations per try, and the range the secret counter is drawn from (the solver
 * tries counters from 0, so the mean work is the range's middle times `cost`).
 */
const WORK = { cost: 5_000, minCounter: 50, maxCounter: 500 };

/**
 * For the API tests only (test/fresh-file.ts): a challenge a test solves in milliseconds. The
 * server never calls this, and refuses to in production.
 */
export function lowerCaptchaWorkForTests(): void {
  if (process.env.NODE_ENV === 'production') throw new Error('the captcha work is fixed in production');
  Object.assign(WORK, { cost: 10, minCounter: 1, maxCounter: 5 });
}

/** The keys that sign challenges and their keys: derived from SSO_SECRET, so every instance agrees. */
function keys(secret: string) {
  const derive = (use: string) => createHash('sha256').update(`captcha:${use}:${secret}`).digest('hex');
  return { hmacSignatureSecret: derive('challenge'), hmacKeySignatureSecret: derive('key') };
}

/** A new signed challenge, expiring with the captcha. */
export function newChallenge(secret: string): Promise<Challenge> {
  const span = WORK.maxCounter - WORK.minCounter + 1;
  return createChallenge({
    algorithm: ALGORITHM,
    cost: WORK.cost,
    counter: WORK.minCounter + Math.floor(Math.random() * span),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + CAPTCHA_TTL_SECONDS,
    ...keys(secret),
  });
}

/** The fingerprint of a challenge, kept server-side so a challenge is answered once, by its browser. */
export const challengeFingerprint = (challenge: Pick<Challenge, 'signature'>): string =>
  createHash('sha256')
    .update(challenge.signature ?? '')
    .digest('hex');

/**
 * The `code` a sign-in sends: the ALTCHA payload (challenge and solution) as base64 JSON. Answers
 * the challenge it solves when the solution holds, else null.
 */
export async function checkSolution(secret: string, code: string): Promise<Challenge | null> {
  let payload: { challenge?: Challenge; solution?: { counter: number; derivedKey: string } };
  try {
    payload = JSON.parse(Buffer.from(code, 'base64').toString('utf8')) as typeof payload;
  } catch {
    return null;
  }
  if (!payload?.challenge?.parameters || !payload.solution) return null;
  if (payload.challenge.parameters.algorithm !== ALGORITHM) return null;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      ...keys(secret),
    });
    return result.verified ? payload.challenge : null;
  } catch {
    return null;
  }
}
