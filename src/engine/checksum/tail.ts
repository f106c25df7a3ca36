/**
 * Key-tail buckets: bucket = the integer of the first 7 UTF-8 bytes of the last 7 characters of one
 * key column's canonical text, modulo a prime. A key's last characters are where keys usually differ
 * (a sequence number, a hash), and reading them costs a few byte operations a row where an md5 of the
 * whole key text costs a hash (MariaDB, 100k rows keyed by two texts: the grouped scan 710 → 340 ms
 * of its CPU, the fetch's filtered scan 240 → 70–90 ms). The column is the one whose tails tell the
 * most sampled keys apart (`tailColumn`), read alone rather than from the whole key text (MariaDB's
 * filtered scan 140–160 → 100–110 ms, PostgreSQL's 89 → 62 ms): used only when a sample shows that
 * column's tails telling the keys apart, since keys ending alike (e-mail addresses of one domain)
 * would crowd a few buckets, and get key-hash buckets instead.
 *
 * Pure: the SQL from the dialect's `TextKeyOrder` hooks, and the same code computed in JavaScript.
 */
import type { TextKeyOrder } from '../../dialects/types.js';
import { codeAt, CODE_BYTES } from './prefix.js';

/** Characters read from the end of the key text (each at least one byte, so their first 7 bytes are always read whole). */
export const TAIL_CHARACTERS = CODE_BYTES;

/** The SQL integer of a key text's tail (0 … 2^56 − 1): the same number on every engine for the same text. */
export function tailCodeSql(order: TextKeyOrder, keyText: string): string {
  return order.prefixCode(order.utf8(order.tail(keyText, TAIL_CHARACTERS)), 0);
}

/** What `tailCodeSql` computes, for a key text in JavaScript. */
export function tailCode(keyText: string): bigint {
  const characters = Array.from(keyText);
  return codeAt(Buffer.from(characters.slice(-TAIL_CHARACTERS).join(''), 'utf8'), 0);
}

/** Fewer sampled keys than this cannot tell whether tails spread. */
export const MIN_TAIL_SAMPLE = 64;
/** The sampled keys' tails must tell at least this share of them apart. */
export const TAIL_DISTINCT_SHARE = 0.9;

/**
 * The key column whose tails tell the sampled keys apart (`TAIL_DISTINCT_SHARE` of the distinct keys
 * or more: key-tail buckets will then be as even as key-hash ones), the one telling most apart;
 * undefined when none does (or the sample is too small to tell).
 * `sample`: each sampled key's canonical column texts, in key column order.
 */
export function tailColumn(sample: readonly (readonly string[])[]): number | undefined {
  const keys = new Map(sample.map((columns) => [JSON.stringify(columns), columns]));
  if (keys.size < MIN_TAIL_SAMPLE) return undefined;
  const width = sample[0]?.length ?? 0;
  let best: { index: number; tails: number } | undefined;
  for (let index = 0; index < width; index++) {
    const tails = new Set([...keys.values()].map((columns) => tailCode(columns[index] ?? ''))).size;
    if (tails >= TAIL_DISTINCT_SHARE * keys.size && (!best || tails > best.tails)) best = { index, tails };
  }
  return best?.index;
}
