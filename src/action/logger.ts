/** The Logger domain code receives, written to the runner's log as workflow commands (./workflow-commands.ts); always redacted. */
import * as core from './workflow-commands.js';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';

export const coreLogger: Logger = {
  debug: (message) => core.debug(redact(message)),
  info: (message) => core.info(redact(message)),
  warning: (message) => core.warning(redact(message)),
  error: (message) => core.error(redact(message)),
};
