/**
 * What a catalog scan finds (scan.ts): tables and views with their columns and sensitive marks, what
 * each view reads (view-bodies.ts), and the code the database defines itself.
 */
import type { SensitiveKind } from '../sensitive/detect.js';

export interface CatalogColumn {
  name: string;
  /** The type as the database names it. */
  type: string;
  sensitive?: { kind: SensitiveKind; confidence: number; reason: string };
}

export interface CatalogTable {
  /** The name as a spec or a comparison writes it (schema-qualified outside the default schema). */
  name: string;
  kind: 'table' | 'view';
  columns: CatalogColumn[];
  /** Whether its values were sampled (text columns the name did not settle). */
  sampled: boolean;
  /**
   * A view's body: what it reads, as the database records or reports it. Absent for a table, and for a
   * view the scan did not resolve (an engine that cannot say, a scan cut short, one stored before scans
   * resolved views): such a view's reads are unproven.
   */
  body?: ViewBody;
}

/** A column a view's body reads: the table (or view) as the catalog names it. */
export interface BodyColumn {
  table: string;
  column: string;
}

/**
 * What a view reads, or why that cannot be proven. `reads`: every column its body reads, in its
 * select list, WHERE, joins and subqueries (a whole row as every column of it; a view it reads as
 * that view's columns). `lineage`: per column of the view, in order, the columns its value is
 * computed from, where the definition shows it; null where it does not (each column then counts as
 * computed from every read).
 */
export type ViewBody = { reads: BodyColumn[]; lineage: BodyColumn[][] | null } | { unproven: string };

/**
 * Code the database defines outside its own system schemas that a user's SQL may reach by a name:
 * - `function` (aggregates and procedures too): called by its name;
 * - `operator` (PostgreSQL): written or implied by its symbol;
 * - `type` (PostgreSQL): a cast to it, or its domain check, runs such a function (`::name`);
 * - `cast source` (PostgreSQL): a value of this type is cast implicitly by such a function wherever the
 *   cast's target is wanted, so reading a column of it (or a table's whole row, of its row type) may run
 *   that function without a word of the SQL naming it.
 */
export interface CatalogRoutine {
  schema: string;
  name: string;
  kind: RoutineKind;
}

export type RoutineKind = 'function' | 'operator' | 'type' | 'cast source';
