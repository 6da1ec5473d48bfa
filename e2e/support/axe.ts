import { createRequire } from 'node:module';
import type AxeCore from 'axe-core';
import type { Page } from '@playwright/test';

const AXE_PATH = createRequire(import.meta.url).resolve('axe-core/axe.min.js');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21aa'];

/** A violation in detail: how many elements fail, and the first few of them. */
export interface Finding {
  id: string;
  impact: string | null;
  help: string;
  count: number;
  targets: string[];
}

/**
 * axe-core's violations of serious or critical impact (WCAG 2.0 A/AA, 2.1 AA) on the page as it
 * is now: `rule: first element` each, or with `detail` each rule's help, element count and first
 * three elements. The page must allow inline scripts (`test.use({ bypassCSP: true })`).
 *
 * The pointer is moved to the page's corner first: a button still under it after a click is drawn
 * in its lighter hover colour, which is not the page a reader sees at rest.
 */
export async function seriousViolations(page: Page, options?: { detail?: false }): Promise<string[]>;
export async function seriousViolations(page: Page, options: { detail: true }): Promise<Finding[]>;
export async function seriousViolations(
  page: Page,
  { detail = false }: { detail?: boolean } = {},
): Promise<string[] | Finding[]> {
  await page.mouse.move(0, 0);
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: AXE_PATH });
  const findings = await page.evaluate(async (tags) => {
    // Colours are checked as they are drawn: a drawer sliding in, or a tag or button whose colour
    // is still in its CSS transition, gives a mixed colour that fails color-contrast at random
    // (a `processing` tag in the approvals drawer did). So wait for every finite animation and
    // transition to end — looping, as one ending can start another — but not for infinite ones
    // (spinners, the processing dot), which never end. A cancelled one rejects.
    for (let round = 0; round < 5; round += 1) {
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && Number.isFinite(a.effect?.getComputedTiming().endTime));
      if (!running.length) break;
      await Promise.all(running.map((a) => a.finished.catch(() => undefined)));
    }
    const axe = (window as unknown as { axe: typeof AxeCore }).axe;
    const { violations } = await axe.run(document, { runOnly: { type: 'tag', values: tags } });
    return violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        count: v.nodes.length,
        targets: v.nodes.slice(0, 3).map((node) => node.target.join(' ')),
      }));
  }, TAGS);
  return detail ? findings : findings.map((f) => `${f.id}: ${f.targets[0]}`);
}
