import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { JOURNEY_VARIANTS, sidewaysScroll, signInAs, variantName, variantTag } from './support/journeys.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { openDrawer } from './support/ui.ts';

// A player submits feedback through the signed game API; staff open it in the queue, take it,
// answer with a canned reply (the game's automatic-reply texts) and a line of their own, and resolve
// it; the player reads the reply and rates it through the game API; staff see the rating. In Chinese
// (product feedback) and Arabic (player feedback) at 1440 px, and in Arabic at 390 px (product
// feedback), with no serious axe finding.

/**
 * A canned reply of the demo games' automatic-reply rules (seed/config-demo.ts), written per language:
 * a ticket is offered the text in its player's language, never another language's.
 */
const CANNED = {
  zh: '正在为您转接人工客服，请稍候。',
  ar: 'جارٍ تحويلك إلى موظف خدمة العملاء، يُرجى الانتظار.',
} as const;

const QUEUES = {
  product: '/service/feedbackConfig/feedback_copy',
  player: '/service/feedbackConfig/feedback_player',
} as const;

test.use({ bypassCSP: true });
// A journey of several pages and a second browser's steps: generous on a busy two-core machine.
test.describe.configure({ timeout: 180_000 });

interface GameTicket {
  id: number;
  state: string;
  can_rate: boolean;
  replies: { from: string; body: string }[];
}

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
for (const [index, variant] of JOURNEY_VARIANTS.entries()) {
  const { lang } = variant;
  const kind = index === 1 ? 'player' : 'product';
  const path = QUEUES[kind];
  test(`a ticket from a player's submission to a rated resolution, with a canned reply ${variantName(variant)}`, async ({
    page,
    request,
  }) => {
    const s = localeStrings('tickets', lang) as Record<string, any>;
    const CANNED_REPLY = CANNED[lang];
    await signInAs(page, 'admin', variant);
    const tag = `${variantTag(variant)}${Date.now().toString(36)}`;
    const openid = `e2e_tk_${tag}`;
    // A feedback type with a first automatic reply, as a fixture.
    await api(page, 'POST', '/feedback-types', {
      code: `e2e_${tag}`,
      name: { zh: `登录问题 ${tag}`, ar: `مشكلة دخول ${tag}` },
      auto_reply: { zh: '我们已收到您的反馈', ar: 'تلقّينا ملاحظتك' },
    });
    const key = await newGameKey(page);
    const submitted = await gameCall<GameTicket>(request, key, 'POST', '/api/game/v1/tickets', {
      kind,
      type: `e2e_${tag}`,
      openid,
      content: `cannot sign in ${tag}`,
      device: 'Pixel 8',
      os: 'Android 14',
      app_version: '2.0.1',
      lang,
      ...(kind === 'player' ? { reported_openid: `cheater_${tag}` } : {}),
    });
    expect(submitted.status).toBe(200);
    const id = submitted.data.id;
    expect(submitted.data.replies).toHaveLength(1);

    // The queue, filtered by the player.
    await page.goto(`/main${path}?openid=${openid}`);
    // A whole load of the console: a generous wait on a busy machine.
    await expect(page.getByTestId('ticket-summary')).toContainText(`${s.states.new}: 1`, { timeout: 60_000 });
    const row = page.locator('.rx-data-table tbody tr.ant-table-row').filter({ hasText: openid });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText(s.states.new);
    await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
    expect(await seriousViolations(page)).toEqual([]);

    // The drawer: take it, reply, resolve.
    await page.getByTestId(`ticket-${id}`).click();
    const drawer = openDrawer(page);
    await expect(drawer.getByTestId('reply-system')).toBeVisible();
    await drawer.getByTestId('assign-me').click();
    await expect(drawer.getByTestId('ticket-state').first()).toHaveText(s.states.assigned);
    // A canned reply first, then a line of their own after it.
    await drawer.getByTestId('canned-reply').click();
    const offered = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
    await expect(offered.filter({ hasText: CANNED_REPLY })).toHaveCount(1);
    await expect(offered.filter({ hasText: CANNED[lang === 'zh' ? 'ar' : 'zh'] })).toHaveCount(0);
    await expect(offered.filter({ hasText: 'Connecting you to an agent' })).toHaveCount(0);
    await offered.filter({ hasText: CANNED_REPLY }).click();
    await expect(drawer.locator('#ticket-reply')).toContainText(CANNED_REPLY);
    const answer = `please reinstall ${tag}`;
    await drawer.locator('#ticket-reply').click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.press('Enter');
    await page.keyboard.type(answer);
    await drawer.getByTestId('reply-send').click();
    await expect(drawer.getByTestId('reply-staff')).toContainText(CANNED_REPLY);
    await expect(drawer.getByTestId('reply-staff')).toContainText(answer);
    await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
    await expect(drawer.getByTestId('ticket-state').first()).toHaveText(s.states.in_progress);
    expect(await seriousViolations(page)).toEqual([]);
    await drawer.getByTestId('move-resolve').click();
    await expect(drawer.getByTestId('ticket-state').first()).toHaveText(s.states.resolved);

    // The player reads the reply and rates the answer.
    const mine = await gameCall<{ list: GameTicket[] }>(
      request,
      key,
      'GET',
      `/api/game/v1/tickets?openid=${openid}`,
    );
    const seen = mine.data.list.find((x) => x.id === id)!;
    expect(seen.state).toBe('resolved');
    expect(seen.can_rate).toBe(true);
    expect(seen.replies.map((r) => r.body).join(' ')).toContain(answer);
    expect(seen.replies.map((r) => r.body).join(' ')).toContain(CANNED_REPLY);
    const rated = await gameCall(request, key, 'POST', `/api/game/v1/tickets/${id}/rating`, {
      openid,
      rating: 5,
      comment: 'fast',
    });
    expect(rated.status).toBe(200);

    // Staff see the rating.
    await page.goto(`/main${path}?openid=${openid}&ticket=${id}`);
    await expect(openDrawer(page).getByTestId('ticket-rating')).toContainText('5/5', { timeout: 60_000 });
    await expect(openDrawer(page).getByTestId('ticket-rating')).toContainText('fast');

    // Closing ends the conversation: asked once more (issue 27, defect 6); declined, nothing moves.
    await openDrawer(page).getByTestId('move-close').click();
    const ask = page.locator('.ant-popover:visible');
    await expect(ask).toContainText(s.actions.closeConfirm);
    await ask.locator('.ant-btn').first().click();
    await expect(ask).toBeHidden();
    await expect(openDrawer(page).getByTestId('ticket-state').first()).toHaveText(s.states.resolved);
    await openDrawer(page).getByTestId('move-close').click();
    await page.locator('.ant-popover:visible .ant-btn-dangerous').click();
    await expect(openDrawer(page).getByTestId('ticket-state').first()).toHaveText(s.states.closed);
  });
}

test('both queues and the ticket drawer fit 390 px in Arabic (right to left) with no serious axe finding', async ({
  page,
  request,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, 'admin', 'zh');
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  const tag = `ph${Date.now().toString(36)}`;
  await api(page, 'POST', '/feedback-types', { code: `e2e_${tag}`, name: { zh: `类型 ${tag}` } });
  const key = await newGameKey(page);
  for (const kind of ['product', 'player'] as const) {
    const path =
      kind === 'product'
        ? '/service/feedbackConfig/feedback_copy'
        : '/service/feedbackConfig/feedback_player';
    const made = await gameCall<GameTicket>(request, key, 'POST', '/api/game/v1/tickets', {
      kind,
      type: `e2e_${tag}`,
      openid: `e2e_ph_${tag}`,
      content: `a long message from the player about the problem ${tag} `.repeat(4),
      attachments: ['https://example.com/shot.png'],
    });
    expect(made.status).toBe(200);
    await page.goto(`/main${path}?openid=e2e_ph_${tag}`);
    await expect(page.locator('.rx-data-table tbody tr.ant-table-row')).toHaveCount(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByTestId(`ticket-${made.data.id}`).click();
    await expect(openDrawer(page).getByTestId('ticket-drawer')).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    expect(await seriousViolations(page)).toEqual([]);
  }
});
