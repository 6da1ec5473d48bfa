import fs from 'node:fs';
import { expect, type Page } from '@playwright/test';

/** A namespace of the console's strings in one language, as the tests read them. */
export function localeStrings(ns: string, lang = 'zh') {
  return JSON.parse(fs.readFileSync(`apps/web/src/locales/${lang}/${ns}.json`, 'utf8'));
}

/** Opens the layout settings drawer from the header's button. */
export async function openSettings(page: Page): Promise<void> {
  await page.locator('.rx-header__settings').click();
  await expect(page.locator('.rx-settings')).toBeVisible();
}

export async function closeSettings(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await expect(page.locator('.rx-settings')).toBeHidden();
}

/** Turns one on/off layout setting in the open drawer (by its key in the settings). */
export async function setSwitch(page: Page, key: string, on: boolean): Promise<void> {
  const control = page.locator(`#setting-${key}`);
  if ((await control.getAttribute('aria-checked')) !== String(on)) await control.click();
  await expect(control).toHaveAttribute('aria-checked', String(on));
}

/** Turns the given settings on in the drawer and closes it. */
export async function switchOn(page: Page, keys: string[]): Promise<void> {
  await openSettings(page);
  for (const key of keys) await setSwitch(page, key, true);
  await closeSettings(page);
}

/**
 * A lifecycle page's strings with its state labels as the page shows them: the shared
 * `common:lifecycleStates`, under the page's own `states` overrides (LifecycleListPage's lookup).
 */
export function lifecycleStrings(ns: string, lang = 'zh') {
  const own = localeStrings(ns, lang);
  return { ...own, states: { ...localeStrings('common', lang).lifecycleStates, ...own.states } };
}
