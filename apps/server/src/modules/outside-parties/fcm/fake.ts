import { randomBytes } from 'node:crypto';
import { FakePushProvider } from './push-fake.ts';

/**
 * The fake FCM: a message name for each push, `UNREGISTERED` for a token it was told is dead, an
 * access token of its own that its script can expire.
 */
export class FakeFcm extends FakePushProvider {
  constructor() {
    super({
      label: 'FCM',
      messageId: () => `projects/fake/messages/${randomBytes(8).toString('hex')}`,
      deadReason: 'UNREGISTERED',
      tokens: { prefix: 'fake-fcm', refusal: 'FCM refused the access token (401, fake)' },
    });
  }
}
