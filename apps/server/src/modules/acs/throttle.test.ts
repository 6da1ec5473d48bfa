import { describe, expect, it } from 'vitest';
import { addressKey } from './throttle.ts';

describe('addressKey', () => {
  it('counts IPv4 addresses one by one, IPv4-mapped IPv6 as IPv4', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
  });

  it('counts IPv6 addresses by their /64 network, however they are written', () => {
    const key = '2001:db8:0:1::/64';
    for (const ip of [
      '2001:db8:0:1::1',
      '2001:0db8:0000:0001:ffff:0:0:9',
      '2001:DB8:0:1:a:b:c:d',
      '2001:db8::1:0:0:0:1',
    ])
      expect(addressKey(ip), ip).toBe(key);
    expect(addressKey('2001:db8:0:2::1')).not.toBe(key);
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(addressKey('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });
});
