/** The operator's connection rules on their own: --allow-env, --allow-host, --allow-path parsing and what a vetted URL becomes. */
import { mkdtempSync, rmSync, writeFileSync, mkdirSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { EnvPolicy, HostPolicy, vetNetworkUrl } from '../../../src/server/connection-policy.js';
import { FileAccessPolicy, parseAllowPath } from '../../../src/server/file-access.js';

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
  it('admits listed names as they are, addresses in listed networks, nothing else; any host without a list', async () => {
    const policy = new HostPolicy(['10.0.0.0/8', '192.0.2.7', 'db.internal', 'fd00::/8']);
    expect(await policy.admit('10.9.8.7')).toBe('10.9.8.7');
    expect(await policy.admit('DB.internal')).toBe('DB.internal');
    expect(await policy.admit('192.0.2.8')).toBeUndefined();
    expect(await policy.admit('localhost')).toBeUndefined();
    expect(await policy.admit('fd12::1')).toBe('fd12::1');
    expect(await new HostPolicy([]).admit('anything.example')).toBe('anything.example');
    // a name that resolves into a listed network is reached at the address checked
    expect(await new HostPolicy(['127.0.0.0/8', '::1/128']).admit('localhost')).toMatch(/^(127\.0\.0\.1|::1)$/);
    expect(() => new HostPolicy(['10.0.0.0/99'])).toThrow('--allow-host 10.0.0.0/99 is not a host name, an address or a network.');
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

  it('hands the driver the URL without parameters, isolated, with TLS as text', async () => {
    const ca = path.join(folder, 'ca.pem');
    expect(await vetNetworkUrl('postgres', `postgresql://u:p%40ss@db.example:6543/wh?sslmode=verify-full&sslrootcert=${ca}`, context)).toEqual({
      type: 'postgres',
      url: 'postgresql://u:p%40ss@db.example:6543/wh',
      connectTimeoutMs: 5000,
      isolated: { tls: { verify: true, ca: '-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n' } },
    });
    expect(await vetNetworkUrl('postgres', 'postgres://u@db.example/wh', context)).toMatchObject({ url: 'postgres://u@db.example:5432/wh', isolated: { tls: null } });
    expect(await vetNetworkUrl('postgres', 'postgres://u@db.example/wh?sslmode=require', context)).toMatchObject({ isolated: { tls: { verify: false } } });
    expect(await vetNetworkUrl('mysql', 'mysql://u@db.example/wh?ssl-mode=VERIFY_CA', context)).toMatchObject({ url: 'mysql://u@db.example:3306/wh', isolated: { tls: { verify: 'ca' } } });
  });

  it('pins a host resolved by an --allow-host network to its address, and verifies TLS against the name', async () => {
    const pinned = await vetNetworkUrl('postgres', 'postgres://u@localhost/wh?sslmode=verify-full', { ...context, hosts: new HostPolicy(['127.0.0.0/8', '::1/128']) });
    expect((pinned as { url: string }).url).toMatch(/^postgres:\/\/u@(127\.0\.0\.1|\[::1\]):5432\/wh$/);
    expect(pinned).toMatchObject({ isolated: { tls: { verify: true, servername: 'localhost' } } });
  });

  it('refuses the store itself, naming why', async () => {
    await expect(vetNetworkUrl('postgres', 'postgres://svc@localhost:5432/state', { ...context, storeUrl: 'postgres://svc:pw@127.0.0.1/state' })).rejects.toThrow(
      'The connection URL of data source "wh" points at the service\'s own store (same host, port, database and user).',
    );
    expect(await vetNetworkUrl('postgres', 'postgres://reader@localhost:5432/state', { ...context, storeUrl: 'postgres://svc:pw@127.0.0.1/state' })).toMatchObject({ type: 'postgres' });
  });
});
