/**
 * "Did you mean …?" for misspelt keys and names: Damerau-Levenshtein distance against the allowed
 * words, plus a few well-known spellings from other tools (table → dataset, sql → query).
 */

/** Spellings users bring from SQL, data-diff or the API document, and what we call them. */
const KNOWN_ALIASES: Record<string, string> = {
  table: 'dataset',
  sql: 'query',
  where: 'filter',
  keys: 'primary_keys',
  key: 'primary_keys',
  pk: 'primary_keys',
  primary_key: 'primary_keys',
  uri: 'url',
  dsn: 'url',
  connection: 'url',
  connection_string: 'url',
  file: 'path',
  kind: 'type',
  id: 'comparison_id',
};

/** Edit distance counting insertions, deletions, substitutions and swaps of neighbours as 1. */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      const row = d[i]!;
      const above = d[i - 1]!;
      row[j] = Math.min(above[j]! + 1, row[j - 1]! + 1, above[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        row[j] = Math.min(row[j]!, d[i - 2]![j - 2]! + 1);
      }
    }
  }
  return d[a.length]![b.length]!;
}

/** The allowed word closest to `word`, when it is close enough to be a likely typo. */
export function closest(word: string, allowed: readonly string[]): string | undefined {
  const lower = word.toLowerCase().replace(/-/g, '_');
  const exact = allowed.find((candidate) => candidate.toLowerCase() === lower);
  if (exact) return exact;
  const alias = KNOWN_ALIASES[lower];
  if (alias && allowed.includes(alias)) return alias;
  let best: { word: string; distance: number } | undefined;
  for (const candidate of allowed) {
    const distance = editDistance(lower, candidate.toLowerCase());
    if (!best || distance < best.distance) best = { word: candidate, distance };
  }
  if (!best) return undefined;
  const limit = Math.max(1, Math.min(3, Math.floor(Math.max(word.length, best.word.length) / 3)));
  return best.distance <= limit ? best.word : undefined;
}

/** A hint for an unknown word: "did you mean `x`?" or the list of allowed words. */
export function suggestionHint(word: string, allowed: readonly string[], noun = 'keys'): string {
  const match = closest(word, allowed);
  if (match) return `did you mean \`${match}\`?`;
  return allowed.length > 0 ? `allowed ${noun}: ${allowed.map((a) => `\`${a}\``).join(', ')}` : `no ${noun} are allowed here`;
}
