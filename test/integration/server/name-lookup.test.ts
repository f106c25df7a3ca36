/**
 * The service's name lookups (src/server/name-lookup.ts) against a DNS server of the test's: read as the
 * system's resolver reads names (the hosts file first, then DNS with the search list, every address of
 * the first name that has any) but with no thread held, each given up at its time limit, and at most
 * `maxConcurrent` at once in the process: one more waits for a place within its own time limit.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { NameLookup } from '../../../src/server/name-lookup.js';
import { startDnsServer, type DnsServer } from '../../helpers/dns-server.js';
import { tempDir } from './harness.js';

describe('NameLookup', () => {
  let dns: DnsServer;
  let hostsFile: string;
  let resolvConf: string;
  beforeAll(async () => {
    dns = await startDnsServer((name) => {
      if (name.endsWith('.held.test')) return 'hold';
      if (name === 'db.corp.test') return ['10.0.0.7', 'fd00::7'];
      if (name === 'db') return ['192.0.2.1'];
      if (name === 'ok.test') return ['127.0.0.1'];
      return 'nxdomain';
    });
    const dir = tempDir('name-lookup');
    hostsFile = path.join(dir, 'hosts');
    writeFileSync(hostsFile, '# comment\n127.0.0.1 localhost\n10.9.9.9 Pinned.Example pinned # the hosts file wins\n10.9.9.10 pinned.example\n');
    resolvConf = path.join(dir, 'resolv.conf');
    writeFileSync(resolvConf, 'nameserver 192.0.2.53\nsearch corp.test\noptions ndots:1\n');
  });
  afterAll(async () => dns?.close());

  const lookup = (options: { maxConcurrent?: number } = {}) => new NameLookup({ servers: [dns.address], hostsFile, resolvConf, ...options });

  it('reads the hosts file first (every address listed for the name, any letter case), then DNS with the search list', async () => {
    const names = lookup();
    expect(await names.addresses('PINNED.example', 5000)).toEqual(['10.9.9.9', '10.9.9.10']);
    expect(dns.asked).not.toContain('pinned.example');
    // a name with fewer dots than ndots is searched in the search list first, every address of the first answer
    expect(await names.addresses('db', 5000)).toEqual(['10.0.0.7', 'fd00::7']);
    expect(dns.asked.filter((name) => name === 'db' || name === 'db.corp.test')).toEqual(['db.corp.test', 'db.corp.test']);
    // an absolute name is asked as written only
    expect(await names.addresses('db.', 5000)).toEqual(['192.0.2.1']);
    expect(await names.addresses('nothing.test', 5000)).toEqual([]);
  });

  it('runs at most maxConcurrent lookups at once: one more that finds no place within its time limit has no address', async () => {
    const names = lookup({ maxConcurrent: 1 });
    const held = names.addresses('a.held.test', 60_000);
    await vi.waitFor(() => expect(dns.asked).toContain('a.held.test'));
    // the one place is held: a name the server would answer at once is never asked within 300 ms
    const asked = dns.asked.length;
    expect(await names.addresses('ok.test', 300)).toEqual([]);
    expect(dns.asked.slice(asked)).not.toContain('ok.test');
    dns.release();
    expect(await held).toEqual([]);
    // the place is free again
    expect(await names.addresses('ok.test', 5000)).toEqual(['127.0.0.1']);
  });
});
