/**
 * Where a host really leads, for the rules on tenants' connections (connection-policy.ts): the
 * addresses it reaches, whatever its spelling, and whether an address is this machine.
 *
 * - A numeric host is read as the network stack reads it: IPv4 in any inet_aton form (`127.1`,
 *   `2130706433`, `0x7f.1`, `0177.0.0.1`; WHATWG's host parser, because `new URL('postgres://…')`
 *   leaves those as written), IPv6 in canonical form, and IPv4-mapped or -compatible IPv6
 *   (`::ffff:127.0.0.1`) as the IPv4 address it carries.
 * - A name is resolved once, every address kept (IPv4 first): the caller connects to an address
 *   checked here, so no second answer of the resolver can move the connection. It is looked up by a
 *   NameLookup (name-lookup.ts: the hosts file, then DNS without the thread pool, cancelled at its
 *   deadline, a bounded number at once); the service passes its own, built from its options.
 * - This machine: loopback (127/8, ::1), the unspecified addresses (0.0.0.0/8 and `::`, which connect
 *   to it), every address of its network interfaces (read at each question: interfaces come and go)
 *   and what its own host name resolves to.
 */
import { BlockList, isIP } from 'node:net';
import os from 'node:os';
import { NameLookup } from './name-lookup.js';

export interface HostAddress {
  address: string;
  family: 4 | 6;
}

/** `::ffff:a.b.c.d` and `::a.b.c.d`, as WHATWG writes them (`::ffff:7f00:1`, `::7f00:1`). */
const CARRIES_IPV4 = /^::(?:ffff:)?([0-9a-f]{1,4}):([0-9a-f]{1,4})$/;

/** The address of a numeric host in canonical form (IPv4 when it carries one), or undefined for a name. */
export function numericAddress(host: string): HostAddress | undefined {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  const v6 = isIP(bare) === 6;
  let canonical: string;
  try {
    canonical = new URL(`http://${v6 ? `[${bare}]` : bare}/`).hostname;
  } catch {
    return undefined; // not a host WHATWG accepts: left to the resolver
  }
  if (isIP(canonical) === 4) return { address: canonical, family: 4 };
  if (!v6) return undefined;
  const inner = canonical.slice(1, -1);
  const carried = CARRIES_IPV4.exec(inner);
  if (carried) {
    const high = parseInt(carried[1]!, 16);
    const low = parseInt(carried[2]!, 16);
    return { address: [high >> 8, high & 255, low >> 8, low & 255].join('.'), family: 4 };
  }
  return { address: inner, family: 6 };
}

/** The system's names, for the service's own hosts (its store, this machine's name). */
const systemNames = new NameLookup();

/**
 * Every address `host` reaches, canonical and without repeats (IPv4 first); [] when it resolves to
 * nothing, or not within `withinMs` (its lookup is then cancelled).
 */
export async function resolveHost(host: string, withinMs = 10_000, names: NameLookup = systemNames): Promise<HostAddress[]> {
  const numeric = numericAddress(host);
  if (numeric) return [numeric];
  const seen = new Map<string, HostAddress>();
  for (const answer of await names.addresses(host, withinMs)) {
    const address = numericAddress(answer);
    if (address && !seen.has(address.address)) seen.set(address.address, address);
  }
  return [...seen.values()].sort((a, b) => a.family - b.family);
}

let ownNameAddresses: Promise<HostAddress[]> | undefined;

/** True when a connection to `address` reaches this machine. */
export async function isThisMachine(address: HostAddress): Promise<boolean> {
  const local = new BlockList();
  local.addSubnet('127.0.0.0', 8, 'ipv4');
  local.addSubnet('0.0.0.0', 8, 'ipv4');
  local.addAddress('::1', 'ipv6');
  local.addAddress('::', 'ipv6');
  for (const entries of Object.values(os.networkInterfaces())) {
    for (const entry of entries ?? []) {
      const own = numericAddress(entry.address);
      if (own) local.addAddress(own.address, own.family === 6 ? 'ipv6' : 'ipv4');
    }
  }
  ownNameAddresses ??= resolveHost(os.hostname());
  for (const own of await ownNameAddresses) local.addAddress(own.address, own.family === 6 ? 'ipv6' : 'ipv4');
  return local.check(address.address, address.family === 6 ? 'ipv6' : 'ipv4');
}

/** An address and the length of its prefix, in the address's family. */
export interface Network {
  address: HostAddress;
  prefix: number;
}

/**
 * `ADDRESS` or `ADDRESS/BITS`, the address in any spelling numericAddress reads; an IPv4 network written
 * as mapped IPv6 is the IPv4 network (`::ffff:10.0.0.0/104` is 10.0.0.0/8). Undefined when it is not one
 * (a name, bits out of range). The one reading of networks: `--allow-host` and `--trusted-proxy` alike.
 */
export function parseNetwork(entry: string): Network | undefined {
  const [written = '', bits, extra] = entry.trim().split('/');
  const address = numericAddress(written);
  if (!address || extra !== undefined) return undefined;
  const width = address.family === 6 ? 128 : 32;
  if (bits === undefined) return { address, prefix: width };
  if (!/^\d{1,3}$/.test(bits)) return undefined;
  const mapped = address.family === 4 && isIP(written.replace(/^\[(.*)\]$/, '$1')) === 6;
  const prefix = Number(bits) - (mapped ? 96 : 0);
  return prefix >= 0 && prefix <= width ? { address, prefix } : undefined;
}

/** Networks, asked about addresses in any spelling (a mapped IPv6 address is its IPv4 address). */
export class AddressSet {
  private readonly networks = new BlockList();
  private empty = true;

  add(network: Network): void {
    this.networks.addSubnet(network.address.address, network.prefix, network.address.family === 6 ? 'ipv6' : 'ipv4');
    this.empty = false;
  }

  has(address: HostAddress | string): boolean {
    const canonical = typeof address === 'string' ? numericAddress(address) : address;
    return !this.empty && canonical !== undefined && this.networks.check(canonical.address, canonical.family === 6 ? 'ipv6' : 'ipv4');
  }
}

/** The address in a URL's host position. */
export function urlHost(address: HostAddress): string {
  return address.family === 6 ? `[${address.address}]` : address.address;
}
