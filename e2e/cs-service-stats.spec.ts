import { expect, test } from '@playwright/test';
import { api } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { switchLanguage } from './support/built-pages.ts';
import { gameCall, newGameKey } from './support/game.ts';
import { localeStrings } from './support/layout.ts';
import { signIn } from './support/sign-in.ts';
import { button, openDrawer } from './support/ui.ts';

// The service statistics pages over conversations this test makes: a player who chose a feedback
// type counts under it (classification, with its chart); a rule that answered a player has its row
// (auto-reply); a conversation held by an agent the test makes (so theirs is the only one it has,
// whatever other tests resolve) is sampled on a new rubric, scored in the drawer, and that agent's
// average on the rubric shows (quality); a rubric is imported from a sheet. Chinese at 1440 px, Arabic at 390 px, with axe on each page.

/* eslint-disable @typescript-eslint/no-explicit-any -- the locale files are read as plain JSON */
type Strings = Record<string, any>;

test.describe.configure({ timeout: 240_000 });
test.use({ bypassCSP: true });

for (const { lang, html, dir, name, width } of [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const) {
  test(`classification, auto-reply and quality statistics (${lang}, ${width} px)`, async ({
    page,
    request,
  }) => {
    const q: Strings = localeStrings('csQuality', lang);
    const crud: Strings = localeStrings('crud', lang);
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, 'admin', 'zh');
    if (lang !== 'zh') await switchLanguage(page, name, html, dir);
    const tag = `${lang}${Date.now().toString(36)}`;
    // Nothing wider than the screen; when something is, the message names the widest elements.
    const noOverflow = async () => {
      const { over, widest } = await page.evaluate(() => ({
        over: document.documentElement.scrollWidth - window.innerWidth,
        widest: [...document.querySelectorAll('body *')]
          .map((e) => ({ e, r: e.getBoundingClientRect() }))
          .filter(({ r }) => r.width > 0 && (r.right > window.innerWidth + 1 || r.left < -1))
          .slice(0, 5)
          .map(({ e, r }) => `${e.tagName}.${e.className} ${Math.round(r.left)}..${Math.round(r.right)}`),
      }));
      expect(over, widest.join('\n')).toBeLessThanOrEqual(0);
    };

    // A feedback type, a rule, and two players: one chose the type and asks what the rule answers.
    await api(page, 'POST', '/feedback-types', {
      code: `t${tag}`,
      name: { zh: `类型${tag}`, en: `Type${tag}`, ar: `نوع${tag}` },
    });
    await api(page, 'POST', '/auto-replies', {
      name: `rule${tag}`,
      keywords: [{ text: `ask${tag}`, match: 'contains' }],
      replies: [{ type: 'text', text: 'bot answer' }],
    });
    const key = await newGameKey(page);
    const openid = `p${tag}`;
    const opened = await gameCall<{ id: number }>(request, key, 'POST', '/api/game/v1/cs/conversations', {
      openid,
      feedback_type: `t${tag}`,
    });
    expect(opened.code).toBe(0);
    await gameCall(request, key, 'POST', `/api/game/v1/cs/conversations/${opened.data.id}/messages`, {
      openid,
      text: `ask${tag}`,
    });
    // Another player's conversation goes to an agent of this test's own, is answered and resolved:
    // the one conversation of that agent, the one to sample.
    const other = `o${tag}`;
    const second = await gameCall<{ id: number }>(request, key, 'POST', '/api/game/v1/cs/conversations', {
      openid: other,
    });
    const agent = `qa${tag}`;
    const staff = await api<{ id: number }>(page, 'POST', '/staff', {
      username: agent,
      password: 'Quality2026x',
    });
    await api(page, 'POST', '/cs/personnel', { user_id: staff.id, capacity: 5 });
    await api(page, 'POST', `/cs/conversations/${second.data.id}/assign`, { user_id: staff.id });
    await api(page, 'POST', `/cs/conversations/${second.data.id}/messages`, { text: 'hello' });
    await api(page, 'POST', `/cs/conversations/${second.data.id}/resolve`, {});

    await page.goto('/main/service/session-classification-stats');
    const typeName = lang === 'zh' ? `类型${tag}` : `نوع${tag}`;
    await expect(page.locator('.rx-data-table tbody tr', { hasText: typeName })).toContainText('1');
    await expect(page.locator('figure.rx-chart').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on classification statistics').toEqual([]);
    await noOverflow();

    await page.goto('/main/service/auto-reply-stats');
    await expect(page.locator('.rx-data-table tbody tr', { hasText: `rule${tag}` })).toBeVisible();
    await expect(page.getByTestId('total-hits').locator('.ant-statistic-content')).not.toHaveText('0');
    expect(await seriousViolations(page), 'axe on auto-reply statistics').toEqual([]);
    await noOverflow();

    // Quality: a rubric, a sample of each agent's resolved conversations, scored in the drawer.
    await api(page, 'POST', '/cs/quality-rubrics', {
      name: `rub${tag}`,
      items: [
        { label: 'Tone', max: 10 },
        { label: 'Fix', max: 10 },
      ],
    });
    await page.goto('/main/service/quality-stats');
    await page.getByText(q.tabs.reviews, { exact: true }).click();
    await button(page, q.sample).click();
    let drawer = openDrawer(page);
    await drawer.getByLabel(q.rubric, { exact: true }).click();
    await page.locator('.ant-select-item-option', { hasText: `rub${tag}` }).click();
    // One per agent: the test's agent has only this one.
    await drawer.getByLabel(q.perAgent, { exact: true }).fill('1');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();
    await page.locator('#cs-review-rubric').click();
    await page.locator('.ant-select-item-option', { hasText: `rub${tag}` }).click();
    // The conversation's review on this test's rubric: the other language's test, running beside
    // this one, may have sampled the same conversation on its own rubric, and the list keeps its
    // rows until the rubric filter's answer arrives.
    const row = page.locator('.rx-data-table tbody tr', { hasText: other }).filter({ hasText: `rub${tag}` });
    await expect(row).toContainText(agent);
    expect(await seriousViolations(page), 'axe on the reviews').toEqual([]);
    await noOverflow();
    await button(row, q.score).click();
    drawer = openDrawer(page);
    await drawer.getByLabel('Tone (0–10)').fill('8');
    await drawer.getByLabel('Fix (0–10)').fill('6');
    await button(drawer, crud.action.save).click();
    await expect(drawer).toBeHidden();

    // The averages read again after the score (not the figures cached before it), on this rubric.
    await page.getByText(q.tabs.summary, { exact: true }).click();
    await page.locator('#cs-quality-rubric').click();
    await page.locator('.ant-select-item-option', { hasText: `rub${tag}` }).click();
    await expect(page.locator('.rx-data-table tbody tr', { hasText: agent })).toContainText('70%');
    await expect(page.locator('figure.rx-chart').first()).toBeVisible();
    expect(await seriousViolations(page), 'axe on the quality averages').toEqual([]);
    await noOverflow();

    // Rubrics from a sheet: the dry run counts the new one, applying lists it with its total.
    // (The segmented control's option: the averages' form has a "rubric" label too.)
    await page.getByRole('radiogroup').getByText(q.tabs.rubrics, { exact: true }).click();
    await page.getByTestId('cs/quality-rubrics-import-file').setInputFiles({
      name: 'rubrics.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(`name,items,enabled\nimp${tag},Tone=5|Fix=15,true\n`),
    });
    const modal = page.locator('.ant-modal-container:visible').last();
    const count = (title: string) =>
      modal.locator('.ant-statistic').filter({ hasText: title }).locator('.ant-statistic-content-value');
    await expect(count(crud.import.create)).toHaveText('1');
    await expect(count(crud.import.errors)).toHaveText('0');
    await button(modal, crud.import.apply).click();
    await expect(modal).toBeHidden();
    await expect(page.locator('.rx-data-table tbody tr', { hasText: `imp${tag}` })).toContainText('20');
    expect(await seriousViolations(page), 'axe on the rubrics').toEqual([]);
    await noOverflow();
  });
}
