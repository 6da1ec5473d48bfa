// Runs before each API test file (vitest.config.ts `setupFiles`). The files of a worker share one
// module graph (`isolate: false`), so what a file changed in a module's state — a fake game told
// to fail, a lowered timeout — is put back to what a fresh server starts with before the next file:
// each module says how in its definition (`reset`, src/manifest.ts).
import { lowerPasswordHashCostForTests } from '../src/lib/crypto.ts';
import { MODULES } from '../src/manifest.ts';
import { lowerCaptchaWorkForTests } from '../src/modules/acs/captcha.ts';
import { TEST_PASSWORD_HASH_COST } from './helpers.ts';

// Staff the tests create, and their new passwords, hashed at a test cost (lib/crypto.ts).
lowerPasswordHashCostForTests(TEST_PASSWORD_HASH_COST);
// Captchas a test solves in milliseconds (modules/acs/captcha.ts).
lowerCaptchaWorkForTests();
for (const module of MODULES) module.reset?.();
