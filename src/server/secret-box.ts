/**
 * Connection URLs given to the server are stored encrypted with AES-256-GCM under the server key:
 * DATACOMPARE_SERVER_KEY (64 hex chars or base64 of 32 bytes; every server sharing a PostgreSQL
 * store needs the same one), else `server.key` in the data directory, created on first start (0600).
 * Format: `v1:<iv b64>:<tag b64>:<ciphertext b64>`.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigurationError } from '../shared/errors.js';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new ConfigurationError('The server key must be 32 bytes.');
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64'), cipher.getAuthTag().toString('base64'), data.toString('base64')].join(':');
  }

  open(sealed: string): string {
    const [version, iv, tag, data] = sealed.split(':');
    if (version !== 'v1' || !iv || !tag || data === undefined) throw new ConfigurationError('A stored connection secret is malformed.');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64'));
      decipher.setAuthTag(Buffer.from(tag, 'base64'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64')), decipher.final()]).toString('utf8');
    } catch (error) {
      throw new ConfigurationError('A stored connection URL cannot be decrypted with this server key.', {
        cause: error,
        hint: 'Start every server with the same DATACOMPARE_SERVER_KEY (or the same --data-dir/server.key) that stored it.',
      });
    }
  }
}

function parseKey(text: string): Buffer {
  const trimmed = text.trim();
  if (/^[0-9a-f]{64}$/i.test(trimmed)) return Buffer.from(trimmed, 'hex');
  const decoded = Buffer.from(trimmed, 'base64');
  if (decoded.length === 32) return decoded;
  throw new ConfigurationError('DATACOMPARE_SERVER_KEY must be 32 bytes as 64 hex characters or base64.', {
    hint: 'Create one with: openssl rand -hex 32',
  });
}

/** The server key from the environment, or from (created if missing) `<dataDir>/server.key`. */
export function loadServerKey(dataDir: string, env: NodeJS.ProcessEnv = process.env): Buffer {
  const fromEnv = env.DATACOMPARE_SERVER_KEY;
  if (fromEnv) return parseKey(fromEnv);
  const file = path.join(dataDir, 'server.key');
  if (existsSync(file)) return parseKey(readFileSync(file, 'utf8'));
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  return key;
}
