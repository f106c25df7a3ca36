/**
 * The client a failed authentication is counted under, and the proxies whose X-Forwarded-For is
 * believed, read with the same reading of addresses and networks as `--allow-host`: one address,
 * however it is spelled, is one client; a network the operator may write for `--allow-host` is one it
 * may write for `--trusted-proxy`.
 */
import { describe, expect, it } from 'vitest';
import { addressIdentity, TrustedProxies } from '../../../src/server/client-address.js';
import { HostPolicy } from '../../../src/server/connection-policy.js';

describe('addressIdentity', () => {
  it('counts an IPv4 client as its address however it is written, an IPv6 client as its /64', () => {
    for (const spelling of ['198.51.100.1', '::ffff:198.51.100.1', '::FFFF:c633:6401', '::ffff:c633:6401']) expect(addressIdentity(spelling), spelling).toBe('198.51.100.1');
    for (const spelling of ['2001:db8:1:2:3:4:5:6', '2001:DB8:1:2::9', '2001:0db8:0001:0002:ffff::1']) expect(addressIdentity(spelling), spelling).toBe('2001:db8:1:2::/64');
    expect(addressIdentity('::1')).toBe('0:0:0:0::/64');
    expect(addressIdentity('unknown')).toBe('unknown');
  });
});

describe('TrustedProxies', () => {
  it('reads the entries --allow-host reads, and trusts a peer in any spelling', () => {
    const proxies = new TrustedProxies(['127.1', '::ffff:10.0.0.0/104', 'fd00::/8']);
    expect(proxies.clientOf('127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(proxies.clientOf('::ffff:127.0.0.1', '203.0.113.9')).toBe('203.0.113.9');
    expect(proxies.clientOf('10.2.3.4', '203.0.113.9')).toBe('203.0.113.9');
    expect(proxies.clientOf('fd12::1', '::ffff:c633:6401')).toBe('::ffff:c633:6401');
    expect(proxies.clientOf('11.0.0.1', '203.0.113.9')).toBe('11.0.0.1');
    // the walk stops at a hop that is no address
    expect(proxies.clientOf('127.0.0.1', 'not-an-address')).toBe('127.0.0.1');
  });

  it('accepts and refuses the same addresses and networks as --allow-host', () => {
    const entries = ['10.0.0.0/8', '127.1', '2130706433', '[::1]', '::ffff:10.0.0.0/104', 'fd00::/8', '10.0.0.0/33', '::ffff:10.0.0.0/95', 'fd00::/129', '10.0.0.0/8/1', '10.0.0.0/x'];
    for (const entry of entries) {
      const asProxy = (() => {
        try {
          return new TrustedProxies([entry]) !== undefined;
        } catch {
          return false;
        }
      })();
      const asHost = (() => {
        try {
          return new HostPolicy([entry]) !== undefined;
        } catch {
          return false;
        }
      })();
      expect(asProxy, entry).toBe(asHost);
    }
    expect(() => new TrustedProxies(['proxy.internal'])).toThrow('--trusted-proxy proxy.internal is not an address or a network.');
  });
});
