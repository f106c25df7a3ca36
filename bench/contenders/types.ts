import type { ScenarioTables } from '../dataset.js';

export interface ContenderInput {
  scenario: ScenarioTables;
  postgresUrl: string;
  mysqlUrl: string;
}

/** What a contender reports; bytes are measured by the child at the socket level. */
export interface ContenderOutput {
  rows: { source: number; target: number };
  /** Differences found (for the comparing contenders), to check every contender saw the same. */
  found?: { changed: number; onlyInSource: number; onlyInTarget: number };
  /** The plan datacompare chose, when it is the contender. */
  plan?: string;
  note?: string;
}

export type Contender = (input: ContenderInput) => Promise<ContenderOutput>;
