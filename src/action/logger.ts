/** The Logger domain code receives, written to the runner's log through @actions/core; always redacted. */
import * as core from '@actions/core';
import type { Logger } from '../shared/logger.js';
import { redact } from '../shared/redact.js';

export const coreLogger: Logger = {
  debug: (message) => core.debug(redact(message)),
  info: (message) => core.info(redact(message)),
  warning: (message) => core.warning(redact(message)),
  error: (message) => core.error(redact(message)),
};
