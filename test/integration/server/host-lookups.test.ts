/**
 * A tenant's host names are looked up inside the workspace's connection places, by a resolver that
 * holds no thread and gives up at its time limit (issue #43 review, item 5). Before, creating a data
 * source looked its host up first, before the name check and outside every limit, with getaddrinfo on
 * libuv's four threads: the 10 s race returned, but a thread stayed blocked until the system's own
 * timeouts, so hosts under a domain whose nameserver never answers starved every other tenant's lookups
 * and the server's file reads. Asserted over HTTP against a server asking a DNS server of the test's.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startDnsServer, type DnsServer } from '../../helpers/dns-server.js';
import { sqliteOrders, startTestServer, tempDir, type HttpAnswer, type TestServer } from './harness.js';

/** A PostgreSQL data source on `host` (port 1: nothing listens, so nothing is ever reached). */
const onHost = (host: string) => ({ name: `s-${randomUUID().slice(0, 8)}`, type: 'postgres', url: `postgres://u:pw@${host}:1/db` });

/** Sends `count` requests at once; `answered` fills as they answer. */
function inFlight(count: number, send: (i: number) => Promise<HttpAnswer>): { answered: HttpAnswer[]; all: Promise<HttpAnswer[]> } {
  const answered: HttpAnswer[] = [];
  return { answered, all: Promise.all(Array.from({ length: count }, (_, i) => send(i).then((answer) => (answered.push(answer), answer)))) };
}

const heldNamesAsked = (dns: DnsServer) => new Set(dns.asked.filter((name) => name.endsWith('.held.test')));

describe("a data source's host, looked up by the service", () => {
  let dns: DnsServer;
  let t: TestServer;
  beforeAll(async () => {
    // held.test: its nameserver holds every question until released; silent.test: never answers
    dns = await startDnsServer((name) => (name.endsWith('.held.test') ? 'hold' : name.endsWith('.silent.test') ? 'drop' : name === 'db.ok.test' ? ['127.0.0.1'] : 'nxdomain'));
    t = await startTestServer({ workers: 0, scanOnCreate: false, nameServers: [dns.address], connectTimeoutMs: 60_000 });
  });
  afterAll(async () => {
    await t?.stop();
    await dns?.close();
  });

  it("is looked up in the workspace's places: past them 429 before any name is asked, while other workspaces' lookups and file reads go on", async () => {
    const flood = inFlight(4, (i) => t.request('POST', '/sources', { body: onHost(`h${i}.held.test`) }));
    // two take the workspace's two places and wait on their nameserver; the other two are refused at once
    await vi.waitFor(() => expect(flood.answered).toHaveLength(2));
    expect(flood.answered.map((answer) => [answer.status, answer.json.code])).toEqual([
      [429, 'workspace_connections_busy'],
      [429, 'workspace_connections_busy'],
    ]);
    await vi.waitFor(() => expect(heldNamesAsked(dns).size).toBe(2));

    // meanwhile another workspace's host is looked up, and its SQLite file is read, at once
    const other = randomUUID();
    const otherKey = (await t.newKey(['write'], { workspaces: [other] })).key;
    const reached = await t.request('POST', '/sources', { body: onHost('db.ok.test'), workspace: other, key: otherKey });
    expect(reached.status, reached.text).toBe(201);
    const file = sqliteOrders(path.join(tempDir('lookups'), `${randomUUID()}.db`), [[1, '1.00', 'x']]);
    expect((await t.request('POST', '/sources', { body: { name: 'file', type: 'sqlite', path: file }, workspace: other, key: otherKey })).status).toBe(201);
    expect(flood.answered).toHaveLength(2); // the first workspace's two still wait on their nameserver

    dns.release();
    const answers = await flood.all;
    expect(answers.map((answer) => answer.status).sort()).toEqual([422, 422, 429, 429]);
    const refused = answers.find((answer) => answer.status === 422)!;
    expect(refused.json.detail[0].msg).toMatch(/^The connection URL of data source "s-\w+" names the host h\d\.held\.test, which the service cannot resolve to an address\. Check the host name, or give the address$/);
    // the places are free again, and no refused request ever asked its name
    expect(heldNamesAsked(dns).size).toBe(2);
    expect((await t.request('POST', '/sources', { body: onHost('db.ok.test') })).status).toBe(201);
  });

  it('gives a lookup up at its time limit (the connect timeout) and frees its place', async () => {
    const quick = await startTestServer({ workers: 0, scanOnCreate: false, nameServers: [dns.address], connectTimeoutMs: 1000, workspaceScans: 1 });
    try {
      const answer = await quick.request('POST', '/sources', { body: onHost('db.silent.test') });
      expect(answer.status).toBe(422);
      expect(answer.text).toContain('names the host db.silent.test, which the service cannot resolve to an address');
      expect((await quick.request('POST', '/sources', { body: onHost('db.ok.test') })).status).toBe(201);
    } finally {
      await quick.stop();
    }
  });

  it('tells a name already taken before looking anything up', async () => {
    const file = sqliteOrders(path.join(tempDir('lookups'), `${randomUUID()}.db`), [[1, '1.00', 'x']]);
    expect((await t.request('POST', '/sources', { body: { name: 'taken', type: 'sqlite', path: file } })).status).toBe(201);
    const again = await t.request('POST', '/sources', { body: { ...onHost('never.held.test'), name: 'taken' } });
    expect(again.status).toBe(409);
    expect(again.json.code).toBe('datasource_exists');
    expect(dns.asked).not.toContain('never.held.test');
  });
});
