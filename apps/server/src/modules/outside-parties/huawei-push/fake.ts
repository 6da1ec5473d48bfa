import { randomBytes } from 'node:crypto';
import { FakePushProvider } from '../fcm/push-fake.ts';

/**
 * The fake Push Kit: a request id for each push, `80300007` (invalid token) for a token it was told
 * is dead, an access token of its own that its script can expire.
 */
export class FakeHuaweiPush extends FakePushProvider {
  constructor() {
    super({
      label: 'Push Kit',
      messageId: () => `${Date.now()}${randomBytes(4).toString('hex')}`,
      deadReason: '80300007',
      tokens: { prefix: 'fake-hms', refusal: 'Push Kit refused the access token (80200003, fake)' },
    });
  }
}
