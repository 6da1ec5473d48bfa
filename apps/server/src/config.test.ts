import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { parseTrustProxy } from './config.ts';

/** The client address Fastify settles on with this TRUST_PROXY, for a peer and its X-Forwarded-For. */
async function clientAddress(trustProxy: string, remoteAddress: string, forwardedFor: string) {
  const app = Fastify({ trustProxy: parseTrustProxy(trustProxy) });
  app.get('/', async (request) => request.ip);
  const res = await app.inject({ url: '/', remoteAddress, headers: { 'x-forwarded-for': forwardedFor } });
  await app.close();
  return res.body;
}

describe('TRUST_PROXY', () => {
  it('trusts nobody when unset or off', async () => {
    for (const value of [undefined, '', ' ', '0', 'false']) expect(parseTrustProxy(value), value).toBe(false);
    expect(await clientAddress('', '10.0.0.2', '203.0.113.9')).toBe('10.0.0.2');
  });

  it('names the trusted proxies: addresses, CIDRs and proxy-addr names', async () => {
    expect(parseTrustProxy(' 10.0.0.5, 10.1.0.0/16 ,loopback,fd00::/8,::1')).toEqual([
      '10.0.0.5',
      '10.1.0.0/16',
      'loopback',
      'fd00::/8',
      '::1',
    ]);
    expect(await clientAddress('10.0.0.5', '10.0.0.5', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    expect(await clientAddress('10.0.0.5', '10.0.0.6', '203.0.113.9')).toBe('10.0.0.6');
    expect(await clientAddress('loopback', '127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
  });

  it('reads a number as hops through proxies on our own network, never "trust every client"', async () => {
    // Behind one internal proxy: the address it appended, not what the client wrote before it.
    expect(await clientAddress('1', '10.0.0.5', '198.51.100.1, 203.0.113.9')).toBe('203.0.113.9');
    // A client reaching the server directly cannot forge its address.
    expect(await clientAddress('1', '203.0.113.9', '10.9.9.9')).toBe('203.0.113.9');
    expect(await clientAddress('2', '203.0.113.9', '10.9.9.9, 10.8.8.8')).toBe('203.0.113.9');
    // Two internal proxies with a count of two; a third hop is not believed.
    expect(await clientAddress('2', '10.0.0.5', '198.51.100.7, 192.168.1.1')).toBe('198.51.100.7');
    expect(await clientAddress('2', '::ffff:10.0.0.5', '198.51.100.7, 10.0.0.3, 192.168.1.1')).toBe(
      '10.0.0.3',
    );
  });

  it('refuses "true" and anything that is not an address or a name, at start-up', () => {
    for (const value of [
      'true',
      '*',
      'proxy.local',
      '10.0.0.1/33',
      '::1/129',
      '10.0.0.1/8/8',
      '10.0.0.1,,loopback',
      '1.5',
    ])
      expect(() => parseTrustProxy(value), value).toThrow(/TRUST_PROXY/);
  });
});
