import type { Page } from '@playwright/test';
import { switchLanguage } from './built-pages.ts';
import { signIn } from './sign-in.ts';

/**
 * Issue 27: staff's five journeys (a code batch, a mail through approval, a ban and its lift, a
 * refund clawed back, a ticket answered with a canned reply) are each walked in Chinese and in
 * Arabic (right to left) at 1440 px, and in Arabic at phone width (390 px).
 */
export const JOURNEY_VARIANTS = [
  { lang: 'zh', html: 'zh-CN', dir: 'ltr', name: '简体中文', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 1440 },
  { lang: 'ar', html: 'ar', dir: 'rtl', name: 'العربية', width: 390 },
] as const;

export type JourneyVariant = (typeof JOURNEY_VARIANTS)[number];

/** How a test's title names its variant: "(ar, 390 px)". */
export const variantName = (variant: JourneyVariant) => `(${variant.lang}, ${variant.width} px)`;

/** A short tag telling the variants' data apart: "zh1440", "ar390". */
export const variantTag = (variant: JourneyVariant) => `${variant.lang}${variant.width}`;

/** The window of a variant: a phone's height at 390 px. */
export const viewportOf = (variant: JourneyVariant) => ({
  width: variant.width,
  height: variant.width < 600 ? 844 : 900,
});

/** Signs in as a demo staff member at the variant's width, then switches to its language as staff do. */
export async function signInAs(page: Page, username: string, variant: JourneyVariant): Promise<void> {
  await page.setViewportSize(viewportOf(variant));
  await signIn(page, username, 'zh');
  if (variant.lang !== 'zh') await switchLanguage(page, variant.name, variant.html, variant.dir);
}

/** Whether the page scrolls sideways (it must not, at any width). */
export const sidewaysScroll = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
