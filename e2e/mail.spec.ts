import { expect, test, type Page } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { withApprovalPolicies } from './support/approval-policies.ts';
import { openPage, switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import {
  JOURNEY_VARIANTS,
  sidewaysScroll,
  signInAs,
  variantName,
  variantTag,
  viewportOf,
} from './support/journeys.ts';
import { lifecycleStrings, localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, languageBox, openDrawer, rowOf } from './support/ui.ts';

// System mail from compose to a player's claim: the admin opens the new-mail page, writes a mail
// with a prop attachment to a user group (made through the API for this test), sends it; the game's
// policy holds it for a second person, who approves it on the approvals page; the admin watches the
// delivery counts, a game server claims it for one member through the signed game API (twice:
// granted once), and the admin recalls it (the unclaimed copies go). In Chinese and Arabic (right to
// left) at 1440 px and in Arabic at 390 px; axe-core finds no serious violation on the pages.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
const strings = (lang: string) => ({
  m: lifecycleStrings('mail', lang) as Record<string, any>,
  crud: localeStrings('crud', lang) as Record<string, any>,
  approvals: localeStrings('approvals', lang) as Record<string, any>,
});
const ar = strings('ar');
const APPROVE = 'mail/approve/mail';
const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const LIST = '/main/tooloperate/tooloperate-fe/base/mail-manage';
const NEW = '/main/tooloperate/tooloperate-fe/base/mail-manage-new';

interface Group {
  id: number;
  state: string;
  member_count: number | null;
}

/** A small rule group of this test, materialised; answers it and one member's openid. */
async function smallGroup(page: Page, stamp: string): Promise<{ group: Group; openid: string }> {
  let rule: unknown = null;
  for (const value of [100_000_000, 10_000_000, 1_000_000, 100_000, 10_000, 1]) {
    const candidate = { op: 'and', items: [{ field: 'paid_total', op: 'gte', value }] };
    const { count } = await api<{ count: number }>(page, 'POST', '/user-groups/preview', { rule: candidate });
    if (count > 0 && count <= 5_000) {
      rule = candidate;
      break;
    }
  }
  expect(rule).not.toBeNull();
  const made = await api<Group>(page, 'POST', '/user-groups', {
    name: `mail_${stamp}`,
    label: `Mail ${stamp}`,
    description: '',
    kind: 'rule',
    rule,
    file_id: null,
    refresh: 'manual',
  });
  let group = made;
  await expect
    .poll(
      async () => {
        group = await api<Group>(page, 'GET', `/user-groups/${made.id}`);
        return group.state;
      },
      { timeout: 30_000 },
    )
    .toBe('ready');
  const members = await api<{ list: { openid: string }[] }>(
    page,
    'GET',
    `/user-groups/${made.id}/members?page_size=1`,
  );
  return { group, openid: members.list[0]!.openid };
}

test.describe.configure({ timeout: 180_000 });
test.use({ bypassCSP: true });

for (const variant of JOURNEY_VARIANTS) {
  test(`compose a mail to a user group, send it through approval, watch its counts, claim it through the game API, recall it ${variantName(variant)}`, async ({
    page,
    request,
    browser,
  }) => {
    const t = strings(variant.lang);
    const stamp = `${variantTag(variant)}${Date.now().toString(36)}`;
    const title = `补偿邮件 ${stamp}`;
    await signInAs(page, 'admin', variant);
    const { group, openid } = await smallGroup(page, stamp);
    const props = await api<{ list: { id: number; name: Record<string, string> }[] }>(
      page,
      'GET',
      '/props?status=active&q=copper&page_size=1',
    );
    const prop = props.list[0]!;
    const propNames = new RegExp(Object.values(prop.name).filter(Boolean).map(escaped).join('|'));
    const productId = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('rx-console:product-id') ?? 'null'),
    );
    // The game's policy asks a second person for every mail (the demo's asks from 10,000 players).
    const policy = { action: APPROVE, product_id: productId as number, threshold: null };
    await withApprovalPolicies(page, [policy], async () => {
      // The new-mail page opens on the list (issue 27: never on the composer by itself); staff
      // start a mail with its "new" button.
      await page.goto(NEW);
      await button(page, t.crud.action.create).click();
      const drawer = openDrawer(page);
      // A whole load of the console and the composer's chunk: a generous wait on a busy machine.
      await expect(drawer).toBeVisible({ timeout: 60_000 });
      // Saved empty: the errors are named.
      await button(drawer, t.crud.action.save).click();
      await expect(drawer.locator('.ant-form-item-explain-error').first()).toBeVisible();

      await languageBox(drawer, t.m.title, '简体中文', variant.lang).fill(title);
      await languageBox(drawer, t.m.title, 'English', variant.lang).fill(`Compensation ${stamp}`);
      await drawer.getByLabel(`${t.m.body} (简体中文)`).click();
      await page.keyboard.type('维护补偿，请查收。');
      await drawer.getByTestId('mail-sender').fill('运营团队');
      await drawer.getByTestId('mail-add-attachment').click();
      const attachment = drawer.getByTestId('mail-attachment').first();
      await attachment.getByLabel(t.m.attachmentTypes.prop).click();
      await page.keyboard.type(prop.name.zh!);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: propNames })
        .first()
        .click();
      await attachment.getByLabel(t.m.quantity).fill('50');
      await drawer.locator('label.ant-radio-button-wrapper').filter({ hasText: t.m.targets.groups }).click();
      await drawer.locator('#user_group_ids').click();
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: `Mail ${stamp}` })
        .click();
      await page.keyboard.press('Escape');
      await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
      expect(await seriousViolations(page)).toEqual([]);
      await button(drawer, t.crud.action.save).click();
      await expect(drawer).toBeHidden({ timeout: 60_000 });

      await page.goto(`${LIST}?q=${encodeURIComponent(stamp)}`);
      const row = rowOf(page, stamp);
      await expect(row).toHaveCount(1);
      await expect(row.getByTestId('mail-status')).toHaveText(t.m.states.draft);

      // Sent: the policy holds it for a second person.
      await row.getByTestId('mail-send').click();
      await page.locator('.ant-popover:visible .ant-btn-primary').click();
      await expect(page.getByTestId('approval-sent')).toBeVisible();
      await expect(rowOf(page, stamp).getByTestId('mail-status')).toHaveText(t.m.states.pending_approval);
      await expect.poll(() => sidewaysScroll(page)).toBeLessThanOrEqual(0);
      const mail = (
        await api<{ list: { id: number; recipients: number; job_id: number }[] }>(
          page,
          'GET',
          `/mails?q=${stamp}`,
        )
      ).list[0]!;
      const pending = await api<{ list: { id: number; action: string; target_id: string }[] }>(
        page,
        'GET',
        '/approvals?mine=1&status=pending&page_size=100',
      );
      const asked = pending.list.find((r) => r.action === APPROVE && String(r.target_id) === String(mail.id));
      expect(asked).toBeDefined();

      // The checker, in a browser of their own, reads the mail as staff know it and approves it.
      const context = await browser.newContext({ viewport: viewportOf(variant), reducedMotion: 'reduce' });
      const checker = await context.newPage();
      try {
        await signInAs(checker, 'ops_gn', variant);
        await openPage(checker, `/approvals?id=${asked!.id}`);
        const subject = checker.getByTestId('approval-subject');
        await expect(subject).toContainText(stamp, { timeout: 60_000 });
        const detail = openDrawer(checker);
        await detail.locator('#approval-comment').fill('同意发送');
        await button(detail, t.approvals.decide.approve).click();
        await expect(checker.getByText(t.approvals.decide.approved)).toBeVisible();
        await expect.poll(() => sidewaysScroll(checker)).toBeLessThanOrEqual(0);
        expect(await seriousViolations(checker)).toEqual([]);
      } finally {
        await context.close();
      }

      // Approved: the job writes one copy per member.
      await expect
        .poll(
          async () => {
            await page.reload();
            return rowOf(page, stamp).getByTestId('mail-status').textContent();
          },
          { timeout: 60_000 },
        )
        .toBe(t.m.states.sent);
      const sent = await api<{ recipients: number; job_id: number }>(page, 'GET', `/mails/${mail.id}`);
      expect(sent.recipients).toBe(group.member_count);
      const job = await api<{ status: string }>(page, 'GET', `/jobs/${sent.job_id}`);
      expect(job.status).toBe('succeeded');

      // A game server shows the member's inbox and claims it (twice: granted once).
      const key = await newGameKey(page);
      const inbox = await gameCall<{
        mails: { id: number; title: string; attachments: { name: string; quantity: number }[] }[];
      }>(request, key, 'GET', `/api/game/v1/mail?openid=${encodeURIComponent(openid)}&lang=en`);
      const mine = inbox.data.mails.find((m) => m.id === mail.id);
      expect(mine?.title).toBe(`Compensation ${stamp}`);
      expect(mine?.attachments[0]?.quantity).toBe(50);
      const claim = () =>
        gameCall<{ claimed: boolean; first?: boolean }>(
          request,
          key,
          'POST',
          `/api/game/v1/mail/${mail.id}/claim`,
          { openid, role_id: '' },
        );
      expect((await claim()).data).toMatchObject({ claimed: true, first: true });
      expect((await claim()).data).toMatchObject({ claimed: true, first: false });

      // The counts: every member delivered, one claimed.
      await rowOf(page, stamp).getByTestId('mail-stats-open').click();
      const stats = page.getByTestId('mail-stats');
      const number = (n: number) =>
        new Intl.NumberFormat(variant.lang === 'zh' ? 'zh-CN' : variant.lang).format(n);
      await expect(page.getByTestId('mail-stat-claimed')).toContainText(number(1));
      await expect(page.getByTestId('mail-stat-delivered')).toContainText(number(group.member_count!));
      expect(await seriousViolations(page)).toEqual([]);
      await expect(stats).toBeVisible();
      await page.keyboard.press('Escape');

      // Recalled: the unclaimed copies go; the claimed one stays claimed; the game cannot claim any more.
      await rowOf(page, stamp).getByTestId('mail-recall').click();
      await page.locator('.ant-popover:visible .ant-btn-primary').click();
      await expect(rowOf(page, stamp).getByTestId('mail-status')).toHaveText(t.m.states.recalled);
      const after = await api<{ recalled_copies: number }>(page, 'GET', `/mails/${mail.id}`);
      expect(after.recalled_copies).toBe(group.member_count! - 1);
      const others = await api<{ list: { openid: string }[] }>(
        page,
        'GET',
        `/user-groups/${group.id}/members?page_size=2`,
      );
      const other = others.list.find((m) => m.openid !== openid);
      if (other) {
        const refused = await gameCall<{ claimed: boolean; reason: string }>(
          request,
          key,
          'POST',
          `/api/game/v1/mail/${mail.id}/claim`,
          { openid: other.openid, lang: 'zh' },
        );
        expect(refused.data).toMatchObject({ claimed: false, reason: 'recalled' });
      }
    });
  });
}

test('in Arabic at 390 px the mail list reads right to left, fits the screen, and passes axe', async ({
  page,
}) => {
  await signIn(page, 'admin', 'zh');
  const stamp = Date.now().toString(36);
  const title = `رسالة ${stamp}`;
  await api(page, 'POST', '/mails', {
    title: { zh: `邮件 ${stamp}`, ar: title },
    body: { zh: '<p>正文</p>', ar: '<p>نص الرسالة</p>' },
    sender: 'GM',
    target: 'servers',
    servers: ['s1'],
  });
  await switchLanguage(page, 'العربية', 'ar', 'rtl');
  await page.setViewportSize({ width: 390, height: 800 });
  await page.goto(`${LIST}?q=${encodeURIComponent(stamp)}`);
  const row = rowOf(page, title);
  await expect(row).toHaveCount(1);
  await expect(row.getByTestId('mail-status')).toHaveText(ar.m.states.draft);
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
  expect(await seriousViolations(page)).toEqual([]);
  // The compose page in Arabic.
  await page.goto(NEW);
  await button(page, ar.crud.action.create).click();
  await expect(openDrawer(page)).toBeVisible();
  expect(await seriousViolations(page)).toEqual([]);
});
