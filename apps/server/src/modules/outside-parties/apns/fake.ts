import { randomUUID } from 'node:crypto';
import { FakePushProvider } from '../fcm/push-fake.ts';

/**
 * The fake APNs: an `apns-id` for each push and `Unregistered` for a device token it was told is
 * dead, as APNs answers 410 for an app uninstalled. Provider tokens are signed locally: no token call.
 */
export class FakeApns extends FakePushProvider {
  constructor() {
    super({ label: 'APNs', messageId: () => randomUUID().toUpperCase(), deadReason: 'Unregistered' });
  }
}
