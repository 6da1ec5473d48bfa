import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Seals secrets the server must read back (an HMAC key, a provider's API key), so a copy of the
 * database alone reveals none: AES-256-GCM under a key derived (HKDF) from a server secret and a
 * purpose, so one server secret gives unrelated keys for unrelated uses. A value sealed under
 * another key, or altered, does not open.
 *
 * - game API keys' secrets: JWT_SECRET, purpose `game-api-key-secrets` (changing JWT_SECRET makes
 *   existing game keys unusable: create new ones);
 * - outside parties' credentials and tokens (lib/outside): CREDENTIALS_SECRET, purpose
 *   `outside-party-credentials`.
 */
export interface SecretBox {
  seal(plain: string): string;
  /** The secret, or null when the value was sealed under another key or altered. */
  open(sealed: string): string | null;
}

export function secretBox(serverSecret: string, purpose = 'game-api-key-secrets'): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', serverSecret, 'rx-console', purpose, 32));
  return {
    seal(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), data]
        .map((p) => (typeof p === 'string' ? p : p.toString('base64url')))
        .join('.');
    },
    open(sealed) {
      const [v, iv, tag, data] = sealed.split('.');
      if (v !== 'v1' || !iv || !tag || data === undefined) return null;
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}
