/** The operator's connection rules on their own: --allow-env, --allow-host, --allow-path parsing and what a vetted URL becomes. */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvPolicy, HostPolicy, vetNetworkUrl } from '../../../src/server/connection-policy.js';
import { FileAccessPolicy, parseAllowPath } from '../../../src/server/file-access.js';
import { isThisMachine, numericAddress, resolveHost, type HostAddress } from '../../../src/server/host-addresses.js';
import type { StoreIdentity } from '../../../src/server/store-identity.js';

const WS = '0b8f3c2e-1d4a-4e6b-9c7d-2a1b3c4d5e6f';
const OTHER = '9f8e7d6c-5b4a-4392-8a1b-0c9d8e7f6a5b';
const dir = mkdtempSync(path.join(os.tmpdir(), 'dc-policy-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('EnvPolicy', () => {
  it('allows a name in every workspace or in one, never DATACOMPARE_*, and explains a malformed entry', () => {
    const policy = new EnvPolicy(['SHARED_URL', `${WS.toUpperCase()}=MINE_URL`]);
    expect([policy.allows('SHARED_URL', OTHER), policy.allows('MINE_URL', WS), policy.allows('MINE_URL', OTHER), policy.allows('PATH', WS)]).toEqual([true, true, false, false]);
    expect(() => new EnvPolicy(['datacompare_database_url'])).toThrow(/can never be data sources/);
    expect(() => new EnvPolicy(['not-a-ws=X'])).toThrow('--allow-env not-a-ws=X: "not-a-ws" is not a workspace id.');
    expect(() => new EnvPolicy(['1BAD'])).toThrow(/is not an environment variable name/);
  });
});

describe('HostPolicy', () => {
  const at = (address: string): HostAddress => ({ address, family: address.includes(':') ? 6 : 4 });
  it('admits listed names as they are, addresses in listed networks, nothing else; any host without a list', () => {
    const policy = new HostPolicy(['10.0.0.0/8', '192.0.2.7', 'db.internal', 'fd00::/8']);
    expect(policy.allows('10.9.8.7', [at('10.9.8.7')])).toBe(true);
    expect(policy.allows('DB.internal', [at('203.0.113.9')])).toBe(true);
    expect(policy.allows('192.0.2.8', [at('192.0.2.8')])).toBe(false);
    expect(policy.allows('localhost', [at('127.0.0.1')])).toBe(false);
    expect(policy.allows('fd12::1', [at('fd12::1')])).toBe(true);
    // a name is allowed only when every address it resolves to is
    expect(policy.allows('split.example', [at('10.0.0.1'), at('127.0.0.1')])).toBe(false);
    expect(new HostPolicy([]).allows('anything.example', [at('127.0.0.1')])).toBe(true);
    expect(() => new HostPolicy(['10.0.0.0/99'])).toThrow('--allow-host 10.0.0.0/99 is not a host name, an address or a network.');
  });

  it('reads an address in any spelling as the address it is', () => {
    const policy = new HostPolicy(['127.1', '::ffff:10.0.0.0/104']);
    expect(policy.allows('127.0.0.1', [at('127.0.0.1')])).toBe(true);
    expect(policy.allows('10.2.3.4', [at('10.2.3.4')])).toBe(true);
    expect(policy.allows('11.0.0.1', [at('11.0.0.1')])).toBe(false);
  });
});

describe('host addresses', () => {
  it('reads every IPv4 spelling and mapped IPv6 as the address the network stack connects to', async () => {
    const spellings = ['127.1', '2130706433', '0x7f.0.0.1', '0177.0.0.1', '127.0.0.1.', '[::ffff:127.0.0.1]', '::ffff:7f00:1', '::127.0.0.1'];
    for (const host of spellings) expect(numericAddress(host), host).toEqual({ address: '127.0.0.1', family: 4 });
    expect(numericAddress('[0:0:0:0:0:0:0:1]')).toEqual({ address: '::1', family: 6 });
    expect(numericAddress('db.example')).toBeUndefined();
    expect(numericAddress('db.0x1')).toBeUndefined();
    expect(await resolveHost('localhost')).toContainEqual({ address: '127.0.0.1', family: 4 });
  });

  it('counts loopback, the unspecified addresses, the interfaces and the host name as this machine', async () => {
    const interfaces = Object.values(os.networkInterfaces()).flat().map((entry) => entry!.address).filter((address) => !address.includes('%'));
    const own = [...(await resolveHost(os.hostname())), ...['127.0.0.1', '127.8.9.10', '0.0.0.0', '::', '::1', ...interfaces].map((a) => numericAddress(a)!)];
    for (const address of own) expect(await isThisMachine(address), address.address).toBe(true);
    expect(await isThisMachine({ address: '192.0.2.250', family: 4 })).toBe(interfaces.includes('192.0.2.250'));
    expect(await isThisMachine({ address: '2001:db8::99', family: 6 })).toBe(false);
  });
});

describe('--allow-path entries', () => {
  it('reads DIR as a folder per workspace, WS=DIR as one workspace\'s, *=DIR as everyone\'s', () => {
    expect(parseAllowPath('/srv/files')).toEqual({ dir: '/srv/files', scope: 'per-workspace' });
    expect(parseAllowPath(`${WS}=/srv/a`)).toEqual({ dir: '/srv/a', scope: { workspace: WS } });
    expect(parseAllowPath('*=/srv/all')).toEqual({ dir: '/srv/all', scope: 'shared' });
    expect(() => parseAllowPath('team=/srv/x')).toThrow(/"team" is not a workspace id/);
    const files = new FileAccessPolicy(path.join(dir, 'data'), [path.join(dir, 'each'), `${WS}=${path.join(dir, 'one')}`]);
    expect(files.rootsFor(WS)).toEqual([path.join(dir, 'data', 'sources', WS), path.join(dir, 'each', WS), path.join(dir, 'one')]);
    expect(files.rootsFor(OTHER)).toEqual([path.join(dir, 'data', 'sources', OTHER), path.join(dir, 'each', OTHER)]);
  });
});

describe('vetNetworkUrl', () => {
  const files = new FileAccessPolicy(path.join(dir, 'data'));
  const folder = path.join(dir, 'data', 'sources', WS);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n');
  const context = { workspaceId: WS, datasourceName: 'wh', files, hosts: new HostPolicy([]), connectTimeoutMs: 5000 };

  it('hands the driver the URL without parameters, isolated, with TLS as text, at the address checked', async () => {
    const ca = path.join(folder, 'ca.pem');
    expect(await vetNetworkUrl('postgres', `postgresql://u:p%40ss@localhost:6543/wh?sslmode=verify-full&sslrootcert=${ca}`, context)).toEqual({
      type: 'postgres',
      url: 'postgresql://u:p%40ss@127.0.0.1:6543/wh',
      connectTimeoutMs: 5000,
      // the certificate is verified against the name written
      isolated: { tls: { verify: true, ca: '-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n', servername: 'localhost' } },
    });
    expect(await vetNetworkUrl('postgres', 'postgres://u@127.1/wh', context)).toMatchObject({ url: 'postgres://u@127.0.0.1:5432/wh', isolated: { tls: null } });
    // an address written in another form is verified as the address (no name to send)
    expect(await vetNetworkUrl('postgres', 'postgres://u@2130706433/wh?sslmode=require', context)).toMatchObject({ url: 'postgres://u@127.0.0.1:5432/wh', isolated: { tls: { verify: false } } });
    expect(await vetNetworkUrl('mysql', 'mysql://u@[::ffff:127.0.0.1]/wh?ssl-mode=VERIFY_CA', context)).toMatchObject({ url: 'mysql://u@127.0.0.1:3306/wh', isolated: { tls: { verify: 'ca' } } });
    expect(await vetNetworkUrl('postgres', 'postgres://u@[::1]/wh', context)).toMatchObject({ url: 'postgres://u@[::1]:5432/wh' });
    const allowed = { ...context, hosts: new HostPolicy(['127.0.0.0/8']) };
    expect(await vetNetworkUrl('postgres', 'postgres://u@localhost/wh?sslmode=verify-full', allowed)).toMatchObject({ url: 'postgres://u@127.0.0.1:5432/wh', isolated: { tls: { servername: 'localhost' } } });
    await expect(vetNetworkUrl('postgres', 'postgres://u@0.0.0.0/wh', allowed)).rejects.toThrow('names the host 0.0.0.0, which the operator has not allowed');
  });

  it('refuses a host that resolves to nothing, naming it', async () => {
    await expect(vetNetworkUrl('postgres', 'postgres://u@no-such-host.invalid/wh', context)).rejects.toThrow(
      'The connection URL of data source "wh" names the host no-such-host.invalid, which the service cannot resolve to an address.',
    );
  });

  it('refuses the store under any name of its machine, and nothing else of that server', async () => {
    const store: StoreIdentity = { addresses: [{ address: '127.0.0.1', family: 4 }], local: true, ports: [5432], database: 'state', roles: ['svc'], schema: 'datacompare', cluster: null, databaseOid: '1' };
    const interfaces = Object.values(os.networkInterfaces()).flat().map((entry) => entry!.address).filter((address) => !address.includes('%'));
    for (const host of ['127.0.0.1', '127.1', '2130706433', '0.0.0.0', '[::ffff:127.0.0.1]', '[::]', 'localhost', os.hostname(), ...interfaces.map((a) => (a.includes(':') ? `[${a}]` : a))]) {
      await expect(vetNetworkUrl('postgres', `postgres://svc@${host}:5432/state`, { ...context, store }), host).rejects.toThrow(
        'The connection URL of data source "wh" reaches the service\'s own store: the same server, port, database and role as the store, whatever its host is called.',
      );
    }
    for (const url of ['postgres://reader@127.1:5432/state', 'postgres://svc@127.1:5432/other', 'postgres://svc@127.1:5433/state', 'postgres://svc@192.0.2.250:5432/state']) {
      if (url.includes('192.0.2.250') && interfaces.includes('192.0.2.250')) continue;
      expect(await vetNetworkUrl('postgres', url, { ...context, store }), url).toMatchObject({ type: 'postgres' });
    }
    // a store elsewhere owns its addresses only
    const remote: StoreIdentity = { ...store, addresses: [{ address: '192.0.2.250', family: 4 }], local: false };
    await expect(vetNetworkUrl('postgres', 'postgres://svc@192.0.2.250/state', { ...context, store: remote })).rejects.toThrow(/own store/);
    expect(await vetNetworkUrl('postgres', 'postgres://svc@127.1/state', { ...context, store: remote })).toMatchObject({ type: 'postgres' });
  });
});
