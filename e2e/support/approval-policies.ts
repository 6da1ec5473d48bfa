import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from '@playwright/test';
import {
  approvalPolicyFields,
  type ApprovalPolicies,
  type ApprovalPolicyInput,
} from '../../packages/contracts/src/approvals.ts';
import { api } from './api.ts';

/**
 * The CP's approval policies are one list, replaced as a whole, and the demo admin's tests share
 * it: a test that adds a policy and later puts the list back would, running beside another such
 * test, take away the other's policy halfway (the refund waiver in Arabic then met "enable an
 * approval policy first"). So the tests that change policies take turns: one lock for the whole run
 * (the workers' common parent names it), held from adding the policies to putting the list back.
 */
const LOCK = path.join(os.tmpdir(), `console-e2e-${process.ppid}-approval-policies`);

function holderAlive(): boolean {
  try {
    const pid = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'));
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // No pid file yet (the holder is writing it) counts as alive; a dead holder does not.
    return (error as NodeJS.ErrnoException).code === 'ENOENT';
  }
}

async function lock(): Promise<void> {
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    // A worker stopped in the middle of a test (a timeout ends its process) leaves the lock behind.
    if (!holderAlive()) fs.rmSync(LOCK, { recursive: true, force: true });
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** A policy as the PUT body takes it: the contract's own fields, without the list's ids and times. */
export const asInput = (policy: ApprovalPolicyInput): ApprovalPolicyInput =>
  approvalPolicyFields.parse(policy);

/**
 * Runs `steps` with `policies` in force, then puts the CP's policies back as they were, with no
 * other test changing them in between. A policy replaces those of its action for its product, or
 * for every product when it names none.
 */
export async function withApprovalPolicies(
  page: Page,
  policies: ApprovalPolicyInput[],
  steps: () => Promise<void>,
): Promise<void> {
  await lock();
  try {
    const before = (await api<ApprovalPolicies>(page, 'GET', '/approval-policies')).list.map(asInput);
    const replaced = (p: ApprovalPolicyInput) =>
      policies.some(
        (mine) => mine.action === p.action && (mine.product_id == null || mine.product_id === p.product_id),
      );
    await api(page, 'PUT', '/approval-policies', {
      policies: [...before.filter((p) => !replaced(p)), ...policies],
    });
    try {
      await steps();
    } finally {
      // A policy change never releases its author's own pending request (the server refuses it):
      // the requests this test left waiting under its policies are withdrawn first.
      const mine = await api<{ list: { id: number; action: string }[] }>(
        page,
        'GET',
        '/approvals?mine=1&status=pending&page_size=100',
      );
      const added = new Set(policies.map((p) => p.action));
      for (const request of mine.list.filter((r) => added.has(r.action))) {
        await api(page, 'POST', `/approvals/${request.id}/cancel`, {});
      }
      await api(page, 'PUT', '/approval-policies', { policies: before });
    }
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}
