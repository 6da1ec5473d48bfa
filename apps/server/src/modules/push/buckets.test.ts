import { describe, expect, it } from 'vitest';
import { pushBucketOf, variantOf } from './send.ts';

// A/B variants on fixed buckets (pure): a player's push bucket is the game's, not the task's, and a
// variant's share is a range of buckets, so shares hold over many players.

const openids = Array.from({ length: 10_000 }, (_, i) => `o_${i.toString(36)}_${(i * 7919) % 10_007}`);
const variants = [
  { key: 'a', name: 'A', percent: 10 },
  { key: 'b', name: 'B', percent: 30 },
  { key: 'c', name: 'C', percent: 45 },
];

describe('push buckets', () => {
  it('puts a player in the same bucket, so the same variant, in every task of a game', () => {
    // Two tasks of game 7 with the same shares (a task's id plays no part).
    const first = openids.map((o) => variantOf({ variants }, pushBucketOf(7, o)));
    const second = openids.map((o) => variantOf({ variants }, pushBucketOf(7, o)));
    expect(second).toEqual(first);
    for (const o of openids.slice(0, 500)) {
      const bucket = pushBucketOf(7, o);
      expect(Number.isInteger(bucket) && bucket >= 0 && bucket < 100).toBe(true);
    }
    // Another game spreads its players independently: not the same buckets.
    const other = openids.filter((o) => pushBucketOf(8, o) !== pushBucketOf(7, o));
    expect(other.length).toBeGreaterThan(9_000);
  });

  it('honours the shares within a point over 10,000 players; the rest get the base', () => {
    const counts = new Map<string, number>();
    for (const o of openids) {
      const v = variantOf({ variants }, pushBucketOf(7, o));
      counts.set(v, (counts.get(v) ?? 0) + 1);
    }
    const share = (key: string) => ((counts.get(key) ?? 0) / openids.length) * 100;
    expect(Math.abs(share('a') - 10)).toBeLessThan(1.5);
    expect(Math.abs(share('b') - 30)).toBeLessThan(1.5);
    expect(Math.abs(share('c') - 45)).toBeLessThan(1.5);
    expect(Math.abs(share('') - 15)).toBeLessThan(1.5);
    // Each bucket holds about 1% of the players (none empty, none double).
    const perBucket = new Array<number>(100).fill(0);
    for (const o of openids) perBucket[pushBucketOf(7, o)]! += 1;
    expect(Math.min(...perBucket)).toBeGreaterThan(60);
    expect(Math.max(...perBucket)).toBeLessThan(140);
  });

  it("keeps a variant's range when the shares change: a player of a's narrower range stays in a", () => {
    const narrower = variants.map((v) => (v.key === 'a' ? { ...v, percent: 5 } : v));
    for (const o of openids) {
      if (variantOf({ variants: narrower }, pushBucketOf(7, o)) === 'a')
        expect(variantOf({ variants }, pushBucketOf(7, o))).toBe('a');
    }
  });
});
