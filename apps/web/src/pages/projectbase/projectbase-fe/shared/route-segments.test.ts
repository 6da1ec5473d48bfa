import { describe, expect, it } from 'vitest';
import { idSegment } from './route-segments.ts';

describe('route segments', () => {
  it('reads positive ids only', () => {
    expect(idSegment('12')).toBe(12);
    expect(idSegment('0')).toBeUndefined();
    expect(idSegment('-1')).toBeUndefined();
    expect(idSegment('1.5')).toBeUndefined();
    expect(idSegment('abc')).toBeUndefined();
    expect(idSegment(null)).toBeUndefined();
    expect(idSegment(undefined)).toBeUndefined();
    expect(idSegment('99999999999')).toBeUndefined();
  });
});
