/**
 * Which nodes a pull request changed, as dbt's `state:modified` decides it: a model, seed or snapshot
 * whose checksum changed (body), whose relevant config changed (materialization, relation, contract,
 * unique_key) or whose declared columns changed; new and removed nodes; `modified+` adds every node
 * downstream. An ephemeral model is no relation: its change surfaces in the nearest models using it.
 */
import type { DbtNode, Manifest } from './manifest.js';

export type Modification = 'body' | 'config' | 'columns' | 'macros';

export type ChangeReason =
  | { kind: 'modified'; what: Modification[] }
  | { kind: 'modified-ephemeral'; via: string }
  | { kind: 'downstream'; of: string }
  | { kind: 'new' };

export interface ChangedNode {
  node: DbtNode;
  /** The same node in the base manifest (absent for a new node). */
  base: DbtNode | undefined;
  reason: ChangeReason;
}

export interface Changes {
  /** Relations to diff, in a stable order (modified first, then downstream; by unique_id). */
  changed: ChangedNode[];
  /** New nodes (in the PR only) and removed nodes (in production only): reported, not diffed. */
  added: DbtNode[];
  removed: DbtNode[];
}

export type Selection = 'modified' | 'modified+';

const isEphemeral = (node: DbtNode) => node.config.materialized === 'ephemeral';

export function detectChanges(pr: Manifest, base: Manifest, select: Selection): Changes {
  const direct = new Map<string, ChangeReason>();
  const modifiedEphemeral: DbtNode[] = [];
  const added: DbtNode[] = [];
  const macroChanged = changedMacros(pr, base);
  for (const [id, node] of pr.nodes) {
    const before = base.nodes.get(id);
    if (!before) {
      if (!isEphemeral(node)) added.push(node);
      continue;
    }
    const what = modifications(node, before);
    if (node.depends_on.macros.some((m) => macroChanged(m))) what.push('macros');
    if (what.length === 0) continue;
    if (isEphemeral(node)) modifiedEphemeral.push(node);
    else direct.set(id, { kind: 'modified', what });
  }
  const removed = [...base.nodes.values()].filter((node) => !pr.nodes.has(node.unique_id) && !isEphemeral(node));

  const children = childrenOf(pr);
  // An ephemeral model's change is the change of the first real relations built from it.
  for (const ephemeral of modifiedEphemeral) {
    for (const id of walkDown(ephemeral.unique_id, children, pr, true)) {
      if (!direct.has(id)) direct.set(id, { kind: 'modified-ephemeral', via: ephemeral.name });
    }
  }
  const reasons = new Map(direct);
  if (select === 'modified+') {
    for (const id of [...direct.keys()].sort()) {
      const of = pr.nodes.get(id)!.name;
      for (const child of walkDown(id, children, pr, false)) {
        if (!reasons.has(child) && base.nodes.has(child)) reasons.set(child, { kind: 'downstream', of });
      }
    }
  }
  const order = (reason: ChangeReason) => (reason.kind === 'downstream' ? 1 : 0);
  const changed = [...reasons.entries()]
    .map(([id, reason]) => ({ node: pr.nodes.get(id)!, base: base.nodes.get(id), reason }))
    .sort((a, b) => order(a.reason) - order(b.reason) || a.node.unique_id.localeCompare(b.node.unique_id));
  return { changed, added: sortById(added), removed: sortById(removed) };
}

/** What changed between the base and the PR version of one node (empty: unchanged). */
export function modifications(node: DbtNode, before: DbtNode): Modification[] {
  const what: Modification[] = [];
  if ((node.checksum?.checksum ?? '') !== (before.checksum?.checksum ?? '')) what.push('body');
  if (relevantConfig(node) !== relevantConfig(before)) what.push('config');
  if (columnsOf(node) !== columnsOf(before)) what.push('columns');
  return what;
}

/** The config that changes what is built (not where: database/schema differ between prod and CI by design). */
function relevantConfig(node: DbtNode): string {
  const c = node.config as Record<string, unknown>;
  return JSON.stringify([
    c.materialized,
    // the configured names (not the resolved ones, which differ between production and CI by design)
    c.alias ?? null,
    c.schema ?? null,
    c.database ?? null,
    c.unique_key ?? null,
    c.incremental_strategy ?? null,
    c.contract ?? null,
    c.on_schema_change ?? null,
    c.snapshot_meta_column_names ?? null,
    c.strategy ?? null,
    node.constraints,
  ]);
}

function columnsOf(node: DbtNode): string {
  return JSON.stringify(
    Object.values(node.columns)
      .map((c) => [c.name.toLowerCase(), c.data_type ?? null, c.constraints.map((x) => x.type).sort()])
      .sort((a, b) => String(a[0]).localeCompare(String(b[0]))),
  );
}

/** Whether a macro (or a macro it calls) differs from production's; a macro new in the PR counts as changed. */
function changedMacros(pr: Manifest, base: Manifest): (id: string) => boolean {
  const memo = new Map<string, boolean>();
  const changed = (id: string, path: Set<string>): boolean => {
    const known = memo.get(id);
    if (known !== undefined) return known;
    if (path.has(id)) return false;
    path.add(id);
    const now = pr.macros.get(id);
    const before = base.macros.get(id);
    const result = now !== undefined && (before === undefined ? base.macros.size > 0 : now.sql !== before.sql || now.calls.some((c) => changed(c, path)));
    path.delete(id);
    memo.set(id, result);
    return result;
  };
  return (id) => !BUILT_IN_MACRO.test(id) && changed(id, new Set());
}

/** dbt's own and its adapters' macros change with every dbt upgrade, not with the project. */
const BUILT_IN_MACRO = /^macro\.dbt(_(postgres|snowflake|bigquery|redshift|duckdb|databricks|spark|mysql|sqlserver|trino|athena|clickhouse|fabric|synapse))?\./;

function childrenOf(manifest: Manifest): Map<string, string[]> {
  const children = new Map<string, string[]>();
  for (const node of manifest.nodes.values()) {
    for (const parent of node.depends_on.nodes) {
      const list = children.get(parent) ?? [];
      list.push(node.unique_id);
      children.set(parent, list);
    }
  }
  return children;
}

/**
 * The relations below `start`. `stopAtRelations`: only the nearest ones (an ephemeral model's users,
 * looking through further ephemeral models); else every descendant.
 */
function walkDown(start: string, children: Map<string, string[]>, manifest: Manifest, stopAtRelations: boolean): string[] {
  const found: string[] = [];
  const seen = new Set<string>([start]);
  const queue = [...(children.get(start) ?? [])];
  while (queue.length > 0) {
    const id = queue.shift()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const node = manifest.nodes.get(id);
    if (!node) continue;
    const relation = !isEphemeral(node);
    if (relation) found.push(id);
    if (!relation || !stopAtRelations) queue.push(...(children.get(id) ?? []));
  }
  return found;
}

function sortById(nodes: DbtNode[]): DbtNode[] {
  return nodes.sort((a, b) => a.unique_id.localeCompare(b.unique_id));
}

/** One sentence for reports: "modified: body, columns", "downstream of stg_orders", "new". */
export function describeReason(reason: ChangeReason): string {
  switch (reason.kind) {
    case 'modified':
      return `modified: ${reason.what.join(', ')}`;
    case 'modified-ephemeral':
      return `modified: ephemeral model ${reason.via} it uses`;
    case 'downstream':
      return `downstream of ${reason.of}`;
    case 'new':
      return 'new';
  }
}
