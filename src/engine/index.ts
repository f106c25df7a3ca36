/**
 * The local engine's entry point. Scaffolding until the engine issue lands: it refuses clearly
 * instead of pretending to compare.
 */
import { ConfigurationError } from '../shared/errors.js';
import type { RunComparison } from './model.js';

export const runComparison: RunComparison = async () => {
  throw new ConfigurationError('The local engine is not built yet; use mode: api.');
};
