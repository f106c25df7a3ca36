/** Every CLI command, in the order --help lists them. Other commands register here with one line. */
import type { CliCommand } from '../command.js';
import { diffCommand } from './diff.js';
import { jobsCommand } from './jobs.js';
import { keysCommand } from './keys.js';
import { runCommand } from './run.js';
import { scanCommand } from './scan.js';
import { serveCommand } from './serve.js';
import { sourcesCommand } from './sources.js';
import { validateCommand } from './validate.js';

export const commands: CliCommand[] = [runCommand, validateCommand, serveCommand, keysCommand, sourcesCommand, jobsCommand, diffCommand, scanCommand];
