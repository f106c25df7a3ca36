/**
 * Issue #43, finding 1: the service's own store is judged by facts, not by how a tenant spells it. A
 * SQLite store is recognised by file identity, so a hard link of it is refused too.
 */
import { linkSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqliteOrders, startTestServer, tempDir } from './harness.js';

describe('a SQLite store is recognised by file identity, not by its path', () => {
  it('refuses a hard link of the store, or of the server key, in a folder the workspace may read', async () => {
    const t = await startTestServer({ workers: 0, scanOnCreate: false });
    try {
      const folder = path.join(tempDir('store-links'), t.workspace);
      mkdirSync(folder);
      linkSync(path.join(t.dataDir, 'datacompare.db'), path.join(folder, 'copy.db'));
      linkSync(path.join(t.dataDir, 'server.key'), path.join(folder, 'ca.pem'));
      const store = await t.request('POST', '/sources', { body: { name: 'linked', type: 'sqlite', path: path.join(folder, 'copy.db') } });
      expect(store.status).toBe(422);
      expect(store.json.detail[0].msg).toContain("it is one of the service's own files");
      const key = await t.request('POST', '/sources', { body: { name: 'key', type: 'postgres', url: `postgres://u@127.0.0.1:1/db?sslrootcert=${path.join(folder, 'ca.pem')}` } });
      expect(key.status).toBe(422);
      expect(key.json.detail[0].msg).toContain("it is one of the service's own files");
      // a file of the same folder that is not the service's stays readable
      const own = sqliteOrders(path.join(folder, 'mine.db'), [[1, '1.00', 'x']]);
      expect((await t.request('POST', '/sources', { body: { name: 'mine', type: 'sqlite', path: own } })).status).toBe(201);
    } finally {
      await t.stop();
    }
  });
});
