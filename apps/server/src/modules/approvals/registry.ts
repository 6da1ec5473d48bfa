import { APPROVAL_KINDS, type ApprovalKind, type ApprovalSubject } from '@rx/contracts';
import type { Db } from '../../db/index.ts';
import type { Scope } from '../../lib/access.ts';

/**
 * What an approved request does, registered by the module that owns the change. `apply` runs in
 * the approval's transaction with the maker's scope (the change is theirs; the checker's decision
 * is logged separately) and answers what the direct change would have answered.
 */
export interface ApprovalHandler<P = unknown> {
  apply(tx: Db, maker: Scope, payload: P): Promise<unknown>;
  /** After the applying transaction committed (e.g. drop the game API's cached answers), with what `apply` answered. */
  afterApply?(maker: Scope, payload: P, result: unknown): void;
  /**
   * When a request ends without being applied (rejected, cancelled by its maker, or failed to
   * apply), inside that decision's transaction: e.g. take the content back from "pending approval".
   */
  settle?(tx: Db, maker: Scope, payload: P): Promise<void>;
  /**
   * The object the request is about as staff know it (a mail's title, body, attachments and
   * audience; a batch's reward and quantity) with a link to it, for the approver's drawer; `reader`
   * is the maker's scope in the reader's language. Null when the object is gone. Optional.
   */
  describe?(db: Db, reader: Scope, payload: P): Promise<ApprovalSubject | null>;
}

/** The described subject of a request, or null (no describe hook, or it failed: the request still shows). */
export async function describeRequest(
  db: Db,
  kind: string,
  reader: Scope,
  payload: unknown,
): Promise<ApprovalSubject | null> {
  const describe = handlers.get(kind as ApprovalKind)?.describe;
  if (!describe) return null;
  try {
    return await describe(db, reader, payload);
  } catch {
    return null;
  }
}

const handlers = new Map<ApprovalKind, ApprovalHandler>();

/** Registers the handler of a kind (the owning module does it when its routes are registered). */
export function registerApprovalAction<P>(kind: ApprovalKind, handler: ApprovalHandler<P>): void {
  handlers.set(kind, handler as ApprovalHandler);
}

export function handlerOf(kind: string): ApprovalHandler {
  const handler = handlers.get(kind as ApprovalKind);
  if (!handler) throw new Error(`no approval handler registered for ${kind}`);
  return handler;
}

/** The policy action of a kind: its page's approve permission. */
export function actionOf(kind: ApprovalKind): string {
  return APPROVAL_KINDS[kind].action;
}
