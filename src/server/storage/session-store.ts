/**
 * The web page's sessions: a random token in an HttpOnly cookie, kept here only as its SHA-256, tied
 * to the API key that signed in (its scopes and workspaces decide everything the session may do), a
 * CSRF token and the workspace being looked at. Deleting a key, or signing out, ends its sessions.
 */
import type { SqlDb } from './sql-db.js';

export interface SessionRecord {
  /** SHA-256 (hex) of the cookie's token. */
  id: string;
  key_id: string;
  csrf: string;
  workspace_id: string;
  created_at: string;
  expires_at: string;
}

export class SessionStore {
  constructor(private readonly db: SqlDb) {}

  async create(session: SessionRecord): Promise<void> {
    await this.db.run('INSERT INTO web_sessions (id, key_id, csrf, workspace_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)', [
      session.id,
      session.key_id,
      session.csrf,
      session.workspace_id,
      session.created_at,
      session.expires_at,
    ]);
  }

  async find(id: string): Promise<SessionRecord | undefined> {
    const rows = await this.db.all<SessionRecord>('SELECT * FROM web_sessions WHERE id = ?', [id]);
    return rows[0];
  }

  async setWorkspace(id: string, workspaceId: string): Promise<void> {
    await this.db.run('UPDATE web_sessions SET workspace_id = ? WHERE id = ?', [workspaceId, id]);
  }

  async delete(id: string): Promise<void> {
    await this.db.run('DELETE FROM web_sessions WHERE id = ?', [id]);
  }

  /** Ends every session of a key (it was disabled, expired or deleted). */
  async deleteForKey(keyId: string): Promise<void> {
    await this.db.run('DELETE FROM web_sessions WHERE key_id = ?', [keyId]);
  }

  /** Keeps a key's `keep` newest sessions and ends the others (a key signing in again and again cannot grow the table). */
  async keepNewest(keyId: string, keep: number): Promise<void> {
    await this.db.run(
      `DELETE FROM web_sessions WHERE key_id = ? AND id NOT IN (
         SELECT id FROM web_sessions WHERE key_id = ? ORDER BY created_at DESC, id LIMIT ${Math.max(1, Math.floor(keep))})`,
      [keyId, keyId],
    );
  }

  async deleteExpired(now: string): Promise<void> {
    await this.db.run('DELETE FROM web_sessions WHERE expires_at <= ?', [now]);
  }
}
