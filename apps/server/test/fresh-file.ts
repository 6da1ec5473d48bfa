// Runs before each API test file (vitest.config.ts `setupFiles`). The files of a worker share one
// module graph (`isolate: false`), so what a file changed in a module's state — a fake game told
// to fail, a lowered timeout — is put back to what a fresh server starts with before the next file.
import { lowerPasswordHashCostForTests } from '../src/lib/crypto.ts';
import { resetOutsideParties } from '../src/lib/outside/index.ts';
// Registers every kind of outside party, so the reset below reaches each one's fake.
import '../src/modules/outside-parties/index.ts';
import { resetDeliveryRetry } from '../src/modules/web-shop/index.ts';
import { TEST_PASSWORD_HASH_COST } from './helpers.ts';

// Staff the tests create, and their new passwords, hashed at a test cost (lib/crypto.ts).
lowerPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
resetOutsideParties();
resetDeliveryRetry();
