import { describe, expect, it } from 'vitest';
import type { ShareWords } from '@rx/contracts';
import { body, useTestApp } from '../../../test/index.ts';
import { shareWords } from './tables.ts';

const t = useTestApp();

const fields = (res: { body: string }) => Object.keys(body<{ fields: object }>(res as never).data.fields);

describe('share words (Douyin words materials)', () => {
  it("keeps the words and hashtags within Douyin's title limit, on Douyin only", async () => {
    const made = await t.admin.post('/api/v1/share-words?platform=douyin', {
      text: '一起来修仙',
      hashtags: ['修仙', 'newgame'],
      scene: 'invite',
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(body<ShareWords>(made).data).toMatchObject({ platform: 'douyin', hashtags: ['修仙', 'newgame'] });

    const before = await t.rowCount(shareWords);
    // 50 characters and two hashtags (#修仙 and #newgame, a space each): past Douyin's 55.
    const long = await t.admin.post('/api/v1/share-words?platform=douyin', {
      text: '字'.repeat(50),
      hashtags: ['修仙', 'newgame'],
    });
    expect(fields(long)).toEqual(['text']);
    expect(
      fields(
        await t.admin.post('/api/v1/share-words?platform=douyin', { text: 'x', hashtags: ['has space'] }),
      ),
    ).toEqual(['hashtags.0']);
    expect(
      fields(await t.admin.post('/api/v1/share-words?platform=douyin', { text: 'x', hashtags: ['a', 'a'] })),
    ).toEqual(['hashtags']);
    expect(await t.rowCount(shareWords)).toBe(before);
    // TikTok has no words page.
    expect(fields(await t.admin.get('/api/v1/share-words?platform=tiktok'))).toEqual(['platform']);
  });
});
