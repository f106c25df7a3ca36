/**
 * API keys on the store (hashed; see api-keys.ts). A key's name is unique within each workspace it
 * may use, never across workspaces: the rows of `api_key_names` (workspace, name) are written in the
 * key's own transaction, so the database decides a race between two servers, and creating a key can
 * only ever collide with a key that already reaches one of the same workspaces.
 */
import type { SqlDb } from './sql-db.js';
import { num, toKey, type ApiKeyRecord, type Row } from './records.js';

/** Rolls back a key's insert when one of its names is taken. */
class NameTaken extends Error {}

export class KeyStore {
  constructor(private readonly db: SqlDb) {}

  /** Stores the key; false (nothing stored) when a key of that name already reaches one of its workspaces. */
  async create(key: ApiKeyRecord): Promise<boolean> {
    try {
      await this.db.transaction(async (tx) => {
        await tx.run(
          `INSERT INTO api_keys (id, name, prefix, hash, scopes, workspaces, enabled, expires_at, created_at, last_used_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
          [key.id, key.name, key.prefix, key.hash, JSON.stringify(key.scopes), JSON.stringify(key.workspaces), key.enabled ? 1 : 0, key.expires_at, key.created_at, key.last_used_at],
        );
        for (const workspace of new Set(key.workspaces.map((w) => w.toLowerCase()))) {
          const added = await tx.run('INSERT INTO api_key_names (workspace_id, name, key_id) VALUES (?, ?, ?) ON CONFLICT (workspace_id, name) DO NOTHING', [
            workspace,
            key.name,
            key.id,
          ]);
          if (added === 0) throw new NameTaken();
        }
      });
      return true;
    } catch (error) {
      if (error instanceof NameTaken) return false;
      throw error;
    }
  }

  /** Every key, oldest first (the operator's view: `datacompare keys list`). */
  async list(): Promise<ApiKeyRecord[]> {
    return (await this.db.all<Row>('SELECT * FROM api_keys ORDER BY created_at, name')).map(toKey);
  }

  async byId(id: string): Promise<ApiKeyRecord | undefined> {
    const rows = await this.db.all<Row>('SELECT * FROM api_keys WHERE id = ?', [id]);
    return rows[0] && toKey(rows[0]);
  }

  async byPrefix(prefix: string): Promise<ApiKeyRecord[]> {
    return (await this.db.all<Row>('SELECT * FROM api_keys WHERE prefix = ?', [prefix])).map(toKey);
  }

  /** The keys of this name, in whatever workspaces. */
  async named(name: string): Promise<ApiKeyRecord[]> {
    return (await this.db.all<Row>('SELECT * FROM api_keys WHERE name = ? ORDER BY created_at', [name])).map(toKey);
  }

  async count(): Promise<number> {
    const rows = await this.db.all<Row>('SELECT COUNT(*) AS n FROM api_keys');
    return num(rows[0]?.n ?? 0);
  }

  /** False when there is no key with this id. */
  async setEnabled(id: string, enabled: boolean): Promise<boolean> {
    return (await this.db.run('UPDATE api_keys SET enabled = ? WHERE id = ?', [enabled ? 1 : 0, id])) > 0;
  }

  /** Deletes the key and frees its names; false when there is no key with this id. */
  async delete(id: string): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      await tx.run('DELETE FROM api_key_names WHERE key_id = ?', [id]);
      return (await tx.run('DELETE FROM api_keys WHERE id = ?', [id])) > 0;
    });
  }

  async touch(id: string, at: string): Promise<void> {
    await this.db.run('UPDATE api_keys SET last_used_at = ? WHERE id = ?', [at, id]);
  }
}
