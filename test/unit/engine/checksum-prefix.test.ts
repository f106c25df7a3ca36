/**
 * Prefix buckets' pure parts: the integer of a key's bytes, the bounds drawn from a sample, and the
 * conditions selecting runs of buckets (their evaluation on real engines is in the integration tests).
 */
import { describe, expect, it } from 'vitest';
import { postgresCompiler } from '../../../src/dialects/postgres/compiler.js';
import { codeAt, MAX_SHARED_BYTES, PrefixBuckets, prefixBucketsFromSample } from '../../../src/engine/checksum/prefix.js';

const utf8 = (text: string) => Buffer.from(text, 'utf8');

describe('the integer of a key', () => {
  it('reads 7 bytes from the given offset, big-endian, zero-padded', () => {
    expect(codeAt(utf8('a'), 0)).toBe(0x61n << 48n);
    expect(codeAt(utf8('abcdefgh'), 0)).toBe(0x61626364656667n);
    expect(codeAt(utf8('ORD-123'), 4)).toBe(0x313233n << 32n);
    expect(codeAt(utf8(''), 0)).toBe(0n);
  });

  it('never decreases in byte order', () => {
    const keys = ['', 'A', 'B', 'a', 'a\u0000', 'a-b', 'ab', 'abcdefg', 'abcdefgz', 'é', '€', '😀'].map(utf8).sort(Buffer.compare);
    const codes = keys.map((key) => codeAt(key, 0));
    expect(codes.every((code, i) => i === 0 || code >= codes[i - 1]!)).toBe(true);
  });
});

describe('bounds from a sample', () => {
  it('take every (sample / buckets)-th integer, strictly ascending', () => {
    const sample = Array.from({ length: 1000 }, (_, i) => utf8(`k${String(i).padStart(4, '0')}x`)).reverse();
    const bucketing = prefixBucketsFromSample(sample, 10);
    // Every key starts with 'k0': the integers are read from the third byte on.
    expect(bucketing?.shared).toBe(utf8('k0').toString('hex'));
    expect(bucketing?.bounds).toEqual([100, 200, 300, 400, 500, 600, 700, 800, 900].map((i) => codeAt(utf8(`k${String(i).padStart(4, '0')}x`), 2)));
  });

  it('share no prefix when the keys do not, and at most 64 bytes of one', () => {
    expect(prefixBucketsFromSample([utf8('apple'), utf8('banana'), utf8('cherry')], 3)?.shared).toBe('');
    const long = 'x'.repeat(100);
    const bucketing = prefixBucketsFromSample([utf8(`${long}1`), utf8(`${long}2`)], 2);
    expect(bucketing?.shared).toBe(utf8('x'.repeat(MAX_SHARED_BYTES)).toString('hex'));
  });

  it('keep the prefix of the bulk of the keys when a few stray ones lie below or above it', () => {
    const bulk = Array.from({ length: 400 }, (_, i) => utf8(`INV-${String(i).padStart(5, '0')}`));
    const bucketing = prefixBucketsFromSample([...bulk, utf8(''), utf8('A'), utf8('zzz')], 4);
    expect(bucketing?.shared).toBe(utf8('INV-00').toString('hex'));
    // Bounds come from the keys inside the prefix only.
    expect(bucketing?.bounds).toEqual([100, 200, 300].map((i) => codeAt(utf8(`INV-${String(i).padStart(5, '0')}`), 6)));
    // Too many keys outside would crowd the buckets below or above: then the prefix is that of all keys.
    const numbers = Array.from({ length: 400 }, (_, i) => utf8(`0${String(i).padStart(3, '0')}`));
    expect(prefixBucketsFromSample([...numbers, utf8('zz')], 4)?.shared).toBe(utf8('0').toString('hex'));
    expect(prefixBucketsFromSample([...numbers, ...Array.from({ length: 30 }, (_, i) => utf8(`zz${i}`))], 4)?.shared).toBe('');
  });

  it('are refused when many keys share the 7 bytes after the prefix, or there is no sample', () => {
    const lumpy = Array.from({ length: 1000 }, (_, i) => utf8(i < 100 ? `same-7b-${i}` : `k${i}`));
    expect(prefixBucketsFromSample(lumpy, 10)).toBeUndefined();
    expect(prefixBucketsFromSample([], 10)).toBeUndefined();
  });
});

describe('runs of buckets', () => {
  const order = postgresCompiler.textKeyOrder!;

  it('without a shared prefix: a range of the integer, open at the ends', () => {
    const prefix = new PrefixBuckets(order, { kind: 'prefix', shared: '', bounds: [10n, 20n, 30n] }, 't');
    const code = order.prefixCode(order.utf8('t'), 0);
    expect(prefix.last).toBe(3);
    expect(prefix.run(0, 3)).toBe('TRUE');
    expect(prefix.run(0, 0)).toBe(`(${code} < 10)`);
    expect(prefix.run(1, 2)).toBe(`(${code} >= 10 AND ${code} < 30)`);
    expect(prefix.run(3, 3)).toBe(`(${code} >= 30)`);
  });

  it('with one: the buckets below and above the prefix are chosen by comparing bytes', () => {
    const prefix = new PrefixBuckets(order, { kind: 'prefix', shared: '6b30', bounds: [10n] }, 't');
    const bytes = order.utf8('t');
    const code = order.prefixCode(bytes, 2);
    expect(prefix.last).toBe(3);
    const when = (below: string, beyond: string, middle: string) =>
      `CASE WHEN ${bytes} < decode('6b30', 'hex') THEN ${below} WHEN ${bytes} >= decode('6b31', 'hex') THEN ${beyond} ELSE ${middle} END`;
    expect(prefix.run(0, 0)).toBe(when('TRUE', 'FALSE', 'FALSE'));
    expect(prefix.run(1, 1)).toBe(when('FALSE', 'FALSE', `(${code} < 10)`));
    expect(prefix.run(2, 3)).toBe(when('FALSE', 'TRUE', `(${code} >= 10)`));
    expect(prefix.run(0, 3)).toBe(when('TRUE', 'TRUE', 'TRUE'));
  });
});

describe('cuts between buckets (slices of a scan under the ordered row hash)', () => {
  const order = postgresCompiler.textKeyOrder!;
  /** The bucket a key's bytes fall in, computed as the SQL does: below or above the shared prefix, else the bounds its integer reached. */
  const bucketOf = (key: Buffer, shared: Buffer, bounds: readonly bigint[]): number => {
    const middle = (code: bigint) => bounds.filter((bound) => code >= bound).length;
    if (shared.length === 0) return middle(codeAt(key, 0));
    if (Buffer.compare(key, shared) < 0) return 0;
    if (!key.subarray(0, shared.length).equals(shared)) return bounds.length + 2;
    return 1 + middle(codeAt(key, shared.length));
  };
  const literalOf = (condition: string) => Buffer.from(/decode\('([0-9a-f]*)', 'hex'\)$/.exec(condition)?.[1] ?? 'none', 'hex');

  it('split the keys exactly on a bucket bound, comparing bytes with one literal (NUL bytes, short keys and bounds ending in zeros included)', () => {
    const alphabet = [0x00, 0x01, 0x2d, 0x41, 0x5f, 0x61, 0x62, 0x7a, 0xc3, 0xa9, 0xff];
    let seed = 7;
    const random = () => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
    const keys = Array.from({ length: 4000 }, () => Buffer.from(Array.from({ length: Math.floor(random() * 11) }, () => alphabet[Math.floor(random() * alphabet.length)]!)));
    for (const shared of [Buffer.alloc(0), Buffer.from('ab')]) {
      // Bounds drawn from keys, some ending in zero bytes (a short key's 7 bytes padded).
      const bounds = [...new Set([Buffer.from('a'), Buffer.from('a\u0000\u0001'), Buffer.from('ab_'), Buffer.from('b'), Buffer.from('z\u00ff')].map((key) => codeAt(key, 0)))].sort((a, b) => (a < b ? -1 : 1));
      const prefix = new PrefixBuckets(order, { kind: 'prefix', shared: shared.toString('hex'), bounds }, 't');
      for (let middle = 1; middle <= bounds.length; middle++) {
        const [below, rest] = prefix.cut(middle);
        const literal = literalOf(below);
        expect(literalOf(rest)).toEqual(literal);
        expect(below.startsWith(`${order.utf8('t')} < `)).toBe(true);
        expect(rest.startsWith(`${order.utf8('t')} >= `)).toBe(true);
        const first = shared.length === 0 ? middle : middle + 1;
        for (const raw of keys) {
          const key = shared.length > 0 && raw.length % 3 !== 0 ? Buffer.concat([shared, raw]) : raw;
          expect(Buffer.compare(key, literal) < 0, `${key.toString('hex')} against bucket ${first}`).toBe(bucketOf(key, shared, bounds) < first);
        }
      }
      expect(() => prefix.cut(bounds.length + 1)).toThrow(RangeError);
    }
  });
});
