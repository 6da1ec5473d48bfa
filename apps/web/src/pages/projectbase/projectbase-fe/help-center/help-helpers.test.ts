import { describe, expect, it } from 'vitest';
import type { HelpCategory } from '@rx/contracts/help-center';
import {
  categoriesFor,
  detailPath,
  missingTranslations,
  previewLanguage,
  previewPath,
} from './help-helpers.ts';

describe('help centre helpers', () => {
  it('builds the detail and preview routes, 0 standing for every channel', () => {
    expect(detailPath(3, null)).toBe('/projectbase/projectbase-fe/help-center/detail/3/0');
    expect(detailPath(3, 7, { article: 12 })).toBe(
      '/projectbase/projectbase-fe/help-center/detail/3/7?article=12',
    );
    expect(previewPath(3, null, 'ar')).toBe('/projectbase/projectbase-fe/help-center/preview/3/0/ar');
  });

  it('reads the preview language, zh for anything unknown', () => {
    expect(previewLanguage('ja')).toBe('ja');
    expect(previewLanguage('xx')).toBe('zh');
    expect(previewLanguage(undefined)).toBe('zh');
  });

  it('offers the languages a group still lacks', () => {
    expect(missingTranslations([{ language: 'zh' }, { language: 'en' }, { language: 'ar' }])).toEqual([
      'ja',
      'th',
      'vi',
      'tl',
      'id',
      'tc',
    ]);
  });

  it('offers the shared categories and the channel’s own', () => {
    const c = (id: number, channel_id: number | null) => ({ id, channel_id }) as HelpCategory;
    const all = [c(1, null), c(2, 5), c(3, 6)];
    expect(categoriesFor(all, 5).map((x) => x.id)).toEqual([1, 2]);
    expect(categoriesFor(all, null).map((x) => x.id)).toEqual([1]);
  });
});
