/**
 * Maps a path inside the spec (`['comparisons', 1, 'source', 'dataset']`) back to the line and
 * column of the YAML node it came from, so every problem points at the right place in the file.
 */
import { isAlias, isMap, isPair, isScalar, isSeq, type Document, type LineCounter, type Node } from 'yaml';

export type PathSegment = string | number;

/** `comparisons[1].source.dataset`; `(root)` for the document itself. */
export function formatPath(path: readonly PathSegment[]): string {
  let out = '';
  for (const segment of path) {
    if (typeof segment === 'number') out += `[${segment}]`;
    else out += out === '' ? segment : `.${segment}`;
  }
  return out === '' ? '(root)' : out;
}

export interface Position {
  line: number;
  column: number;
}

/**
 * Where `path` is in the document. `target: 'key'` points at the key of the last segment (for an
 * unknown key); otherwise at the value. When the path goes deeper than the document (a missing
 * field), it points at the key of the deepest part that exists.
 */
export function positionOf(
  doc: Document,
  lineCounter: LineCounter,
  path: readonly PathSegment[],
  target: 'key' | 'value' = 'value',
): Position {
  let node: unknown = doc.contents;
  let offset = rangeStart(node) ?? 0;
  for (let i = 0; i < path.length; i++) {
    node = resolveAlias(doc, node);
    const segment = path[i]!;
    const last = i === path.length - 1;
    if (isMap(node)) {
      const pair = node.items.find((item) => isPair(item) && isScalar(item.key) && String(item.key.value) === String(segment));
      if (!pair) break;
      const keyStart = rangeStart(pair.key);
      if (last && target === 'key' && keyStart !== undefined) return toPosition(lineCounter, keyStart);
      node = pair.value;
      // A missing field deeper down is reported at this key: `b:` rather than the line after it.
      offset = keyStart ?? offset;
      if (last) offset = rangeStart(pair.value) ?? offset;
    } else if (isSeq(node) && typeof segment === 'number') {
      const item = node.items[segment];
      if (item === undefined) break;
      node = item;
      offset = rangeStart(item) ?? offset;
    } else {
      break;
    }
  }
  return toPosition(lineCounter, offset);
}

function resolveAlias(doc: Document, node: unknown): unknown {
  return isAlias(node) ? node.resolve(doc) : node;
}

function rangeStart(node: unknown): number | undefined {
  const range = (node as Node | null | undefined)?.range;
  return range ? range[0] : undefined;
}

function toPosition(lineCounter: LineCounter, offset: number): Position {
  const { line, col } = lineCounter.linePos(offset);
  return { line, column: col };
}
