import { defineModule } from '../../lib/server-module.ts';
import { approvalRoutes } from './routes.ts';

/**
 * Two-person approval (maker–checker): modules hand a change to `submitChange`, which applies it
 * or stores it as a pending request by the CP's policy; a module registers what an approved
 * request of its kind does with `registerApprovalAction`.
 */
export const approvalsModule = defineModule({ name: 'approvals', routes: approvalRoutes });
export { registerApprovalAction, type ApprovalHandler } from './registry.ts';
export { answerPendingWith202, requestLink, submitChange, type Change, type Outcome } from './service.ts';
export { pendingToDecide } from './service.ts';
