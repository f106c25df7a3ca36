/**
 * Where the reports will be written, checked before anything runs: a comparison that ran for an hour
 * must not be lost to a missing folder or a read-only file.
 */
import { constants } from 'node:fs';
import { access, mkdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { ConfigurationError } from './errors.js';

/** A file to write (`what`: "the --json file"): its folder exists and is writable, and the file, if it exists, too. */
export async function checkWritableFile(file: string, what: string): Promise<void> {
  const dir = path.dirname(file);
  const folder = await stat(dir).catch(() => undefined);
  if (!folder?.isDirectory()) {
    throw new ConfigurationError(`cannot write ${what} ${file}: the folder ${dir} does not exist`, { hint: `create the folder first (mkdir -p ${dir}), or write the file elsewhere` });
  }
  const existing = await stat(file).catch(() => undefined);
  if (existing?.isDirectory()) throw new ConfigurationError(`cannot write ${what} ${file}: it is a folder`, { hint: 'name a file inside it' });
  try {
    await access(existing ? file : dir, constants.W_OK);
  } catch {
    throw new ConfigurationError(`cannot write ${what} ${file}: ${existing ? 'the file' : `the folder ${dir}`} is not writable`, {
      hint: 'check its permissions, or write the file elsewhere',
    });
  }
}

/** A folder to write files into (`what`: "the report-dir input"): created when missing, and writable. */
export async function checkWritableDir(dir: string, what: string): Promise<void> {
  try {
    await mkdir(dir, { recursive: true });
    await access(dir, constants.W_OK);
  } catch (error) {
    throw new ConfigurationError(`cannot write the report files to ${dir} (${what}): ${(error as Error).message}`, {
      cause: error,
      hint: 'set it to a writable folder (the default is $RUNNER_TEMP/datacompare)',
    });
  }
}
