/**
 * Who sent a request, for counting failed authentications: the peer of the TCP connection, or, when
 * that peer is a proxy the operator named with `serve --trusted-proxy`, the address the proxy says it
 * saw (the rightmost X-Forwarded-For entry that is not itself a trusted proxy). By default no proxy is
 * trusted and X-Forwarded-For is ignored, so a client cannot pick the address it is counted under.
 * Addresses and networks are read as host-addresses.ts reads them for `--allow-host` (one reading: any
 * IPv4 spelling, an IPv4 address written as IPv6, `::ffff:192.0.2.1` or `::ffff:c000:201`, is the IPv4
 * address), and an IPv6 client counts as its /64 network (one subscriber's usual share), so changing
 * address within it, or the spelling of it, changes nothing.
 */
import type { Context } from 'hono';
import { getConnInfo } from '@hono/node-server/conninfo';
import { ConfigurationError } from '../shared/errors.js';
import { AddressSet, numericAddress, parseNetwork } from './host-addresses.js';

/** `serve --trusted-proxy ADDRESS|CIDR` (repeatable): the reverse proxies whose X-Forwarded-For is believed. */
export class TrustedProxies {
  private readonly networks = new AddressSet();

  constructor(entries: readonly string[] = []) {
    for (const entry of entries) {
      const network = parseNetwork(entry);
      if (!network) {
        throw new ConfigurationError(`--trusted-proxy ${entry} is not an address or a network.`, {
          hint: 'Name the reverse proxy in front of the service by its address as the service sees it, e.g. --trusted-proxy 10.0.0.5 or --trusted-proxy 10.0.0.0/24.',
        });
      }
      this.networks.add(network);
    }
  }

  /** The client's address: the peer, or what trusted proxies in front of it forwarded. */
  clientOf(peer: string, forwardedFor: string | undefined): string {
    let client = peer;
    if (!forwardedFor) return client;
    const hops = forwardedFor.split(',').map((hop) => hop.trim());
    while (this.networks.has(client) && hops.length > 0) {
      const next = hops.pop()!;
      // a hop that is no address (a proxy's mistake) ends the walk at the last trusted proxy
      if (numericAddress(next) === undefined) break;
      client = next;
    }
    return client;
  }
}

/** The identity a client's failures are counted under: its IPv4 address, or its IPv6 /64 network. */
export function addressIdentity(address: string): string {
  const canonical = numericAddress(address);
  if (!canonical) return address; // not an address (no peer known): counted as written
  if (canonical.family === 4) return canonical.address;
  // canonical IPv6 is compressed, lower case, without a dotted tail: expand to eight groups, keep four
  const [head = '', tail = ''] = canonical.address.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = canonical.address.includes('::') && tail !== '' ? tail.split(':') : [];
  const groups = canonical.address.includes('::') ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right] : left;
  return `${groups.slice(0, 4).join(':')}::/64`;
}

/** The request's client identity for failure counting (see TrustedProxies). */
export function clientIdentity(c: Context, proxies: TrustedProxies): string {
  let peer: string;
  try {
    peer = getConnInfo(c).remote.address ?? 'unknown';
  } catch {
    peer = 'unknown';
  }
  // a link-local peer's zone (`fe80::1%eth0`) names our interface, not the client
  return addressIdentity(proxies.clientOf(peer.split('%')[0]!, c.req.header('x-forwarded-for')));
}
