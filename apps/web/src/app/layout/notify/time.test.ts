import { describe, expect, it } from 'vitest';
import { relativeTime } from './time.ts';

const now = Date.parse('2025-06-01T12:00:00Z');
const ago = (seconds: number) => new Date(now - seconds * 1000).toISOString();

describe('relativeTime', () => {
  it('reads the largest whole unit', () => {
    expect(relativeTime(ago(12 * 60), now, 'en')).toBe('12 minutes ago');
    expect(relativeTime(ago(95 * 60), now, 'en')).toBe('1 hour ago');
    expect(relativeTime(ago(26 * 3600), now, 'en')).toBe('yesterday');
    expect(relativeTime(ago(20 * 24 * 3600), now, 'en')).toBe('2 weeks ago');
  });

  it('calls anything under a minute now, in the given language', () => {
    expect(relativeTime(ago(10), now, 'en')).toBe('now');
    expect(relativeTime(ago(12 * 60), now, 'zh-CN')).toBe('12分钟前');
  });
});
