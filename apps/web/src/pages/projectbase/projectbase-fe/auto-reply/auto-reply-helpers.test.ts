import { describe, expect, it } from 'vitest';
import { blankReply, platformSegment, replySummary, scopePath, windowState } from './auto-reply-helpers.ts';

describe('auto-reply helpers', () => {
  it('builds a scope’s route and reads its platform back', () => {
    expect(scopePath(2, { channelId: null, platform: null })).toBe(
      '/projectbase/projectbase-fe/auto-reply/detail/2/0/all',
    );
    expect(scopePath(2, { channelId: 9, platform: 'ios' })).toBe(
      '/projectbase/projectbase-fe/auto-reply/detail/2/9/ios',
    );
    expect(platformSegment('android')).toBe('android');
    expect(platformSegment('all')).toBeNull();
    expect(platformSegment(undefined)).toBeNull();
  });

  it('starts each reply type with its own empty fields', () => {
    expect(blankReply('text')).toEqual({ type: 'text', text: '', lang: '' });
    expect(blankReply('card')).toEqual({ type: 'card', title: '', description: '', image_url: '', url: '' });
  });

  it('sums a reply up in one line', () => {
    expect(replySummary({ type: 'text', text: '您好' })).toBe('您好');
    expect(replySummary({ type: 'link', title: 'FAQ', url: 'https://x.test/faq' })).toBe(
      'FAQ → https://x.test/faq',
    );
    expect(replySummary({ type: 'image', url: '/a.png' })).toBe('/a.png');
  });

  it('places now in the active window', () => {
    const now = Date.parse('2025-06-01T00:00:00Z');
    expect(windowState(null, null, now)).toBe('always');
    expect(windowState('2025-07-01T00:00:00Z', null, now)).toBe('upcoming');
    expect(windowState(null, '2025-06-01T00:00:00Z', now)).toBe('ended');
    expect(windowState('2025-05-01T00:00:00Z', '2025-07-01T00:00:00Z', now)).toBe('active');
  });
});
