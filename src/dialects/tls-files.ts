/**
 * Certificate and key files named in a connection URL (`sslrootcert`, `ssl-ca`…), read the safe way:
 * asynchronously (a FIFO or a slow disk never holds the event loop), only when they are regular files
 * (never /dev/zero or a pipe), and at most 1 MiB. Errors name the setting and the file, never a
 * secret.
 */
import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { ConfigurationError } from '../shared/errors.js';

/** Far above any certificate bundle (Mozilla's whole root store is about 220 kB). */
export const TLS_FILE_LIMIT_BYTES = 1024 * 1024;

export async function readTlsFile(file: string, setting: string, datasourceName: string): Promise<Buffer> {
  const where = `${setting}=${file} in the url of data source "${datasourceName}"`;
  let handle;
  try {
    // O_NONBLOCK: opening a FIFO without a writer returns at once instead of waiting for one.
    handle = await open(file, constants.O_RDONLY | constants.O_NONBLOCK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    throw new ConfigurationError(`Cannot read ${where} (${code}).`, {
      hint: `Point ${setting} at a PEM file that exists and that this process may read.`,
    });
  }
  try {
    const stat = await handle.stat();
    if (!stat.isFile()) {
      throw new ConfigurationError(`${where} is not a regular file.`, { hint: `Point ${setting} at a PEM file.` });
    }
    if (stat.size > TLS_FILE_LIMIT_BYTES) {
      throw new ConfigurationError(`${where} is ${stat.size} bytes, more than a certificate file can be (${TLS_FILE_LIMIT_BYTES} bytes at most).`, {
        hint: `Point ${setting} at the PEM certificate (or key) itself.`,
      });
    }
    return await handle.readFile();
  } finally {
    await handle.close();
  }
}
