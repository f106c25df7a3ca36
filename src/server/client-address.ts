/**
 * Who sent a request, for counting failed authentications: the peer of the TCP connection, or, when
 * that peer is a proxy the operator named with `serve --trusted-proxy`, the address the proxy says it
 * saw (the rightmost X-Forwarded-For entry that is not itself a trusted proxy). By default no proxy is
 * trusted and X-Forwarded-For is ignored, so a client cannot pick the address it is counted under.
 * An IPv4 address written as IPv6 (::ffff:192.0.2.1) counts as the IPv4 address, and an IPv6 client
 * counts as its /64 network (one subscriber's usual share), so changing address within it changes nothing.
 */
import { BlockList, isIP } from 'node:net';
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { ConfigurationError } from '../shared/errors.js';

/** `serve --trusted-proxy ADDRESS|CIDR` (repeatable): the reverse proxies whose X-Forwarded-For is believed. */
export class TrustedProxies {
  private readonly networks = new BlockList();
  private readonly any: boolean;

  constructor(entries: readonly string[] = []) {
    for (const entry of entries) {
      const [address = '', bits, extra] = entry.trim().split('/');
      const family = isIP(address);
      const width = family === 6 ? 128 : 32;
      const prefix = bits === undefined ? width : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
      if (family === 0 || extra !== undefined || !(prefix >= 0 && prefix <= width)) {
        throw new ConfigurationError(`--trusted-proxy ${entry} is not an address or a network.`, {
          hint: 'Name the reverse proxy in front of the service by its address as the service sees it, e.g. --trusted-proxy 10.0.0.5 or --trusted-proxy 10.0.0.0/24.',
        });
      }
      this.networks.addSubnet(address, prefix, family === 6 ? 'ipv6' : 'ipv4');
    }
    this.any = entries.length > 0;
  }

  private trusts(address: string): boolean {
    const family = isIP(address);
    return this.any && family !== 0 && this.networks.check(address, family === 6 ? 'ipv6' : 'ipv4');
  }

  /** The client's address: the peer, or what trusted proxies in front of it forwarded. */
  clientOf(peer: string, forwardedFor: string | undefined): string {
    let client = peer;
    if (!forwardedFor) return client;
    const hops = forwardedFor.split(',').map((hop) => hop.trim());
    while (this.trusts(client) && hops.length > 0) {
      const next = hops.pop()!;
      // a hop that is no address (a proxy's mistake) ends the walk at the last trusted proxy
      if (isIP(next) === 0) break;
      client = next;
    }
    return client;
  }
}

/** The identity a client's failures are counted under: its IPv4 address, or its IPv6 /64 network. */
export function addressIdentity(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  if (mapped) return mapped[1]!;
  if (isIP(address) !== 6) return address;
  const [head = '', tail = ''] = address.toLowerCase().split('%')[0]!.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = address.includes('::') && tail !== '' ? tail.split(':') : [];
  // a dotted IPv4 tail (64:ff9b::192.0.2.1) fills two groups
  const written = left.length + right.length + (right.at(-1)?.includes('.') ? 1 : 0);
  const groups = address.includes('::') ? [...left, ...Array<string>(8 - written).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The request's client identity for failure counting (see TrustedProxies). */
export function clientIdentity(c: Context, proxies: TrustedProxies): string {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    peer = 'unknown';
  }
  return addressIdentity(proxies.clientOf(peer, c.req.header('x-forwarded-for')));
}
