import { defineModule } from '../../lib/server-module.ts';
import { generateChunk, type ChunkInput } from './generate.ts';
import { codeBatchRoutes, codeRedeemRoutes } from './routes.ts';
import { EXPIRE_TASK, expireBatch, GENERATE_JOB } from './service.ts';

/**
 * Exchange codes (welfare codes): batches of unique codes or a shared keyword, their lifecycle
 * with two-person approval, generation as a job, export and lookup (`/api/v1/code-batches`), and
 * redemption by games (`POST /api/game/v1/codes/redeem`).
 */
export const codeBatchesModule = defineModule({
  name: 'code-batches',
  routes: codeBatchRoutes,
  gameRoutes: codeRedeemRoutes,
  work: () => ({
    jobs: { [GENERATE_JOB]: { item: (tx, input) => generateChunk(tx, input as ChunkInput) } },
    tasks: {
      [EXPIRE_TASK]: (payload, { db: tx }) => expireBatch(tx, (payload as { id: number }).id),
    },
  }),
});
export { codeBatchService, DEFAULT_REDEEM_LIMITS, type RedeemLimits } from './routes.ts';
export { redeemCode } from './redeem.ts';
