/**
 * Exchange codes (welfare codes): batches of unique codes or a shared keyword, their lifecycle
 * with two-person approval, generation as a job, export and lookup (`/api/v1/code-batches`), and
 * redemption by games (`POST /api/game/v1/codes/redeem`).
 */
export {
  codeBatchRoutes,
  codeRedeemRoutes,
  codeBatchService,
  DEFAULT_REDEEM_LIMITS,
  type RedeemLimits,
} from './routes.ts';
export { redeemCode } from './redeem.ts';
