export const id = 353;
export const ids = [353];
export const modules = {

/***/ 94353:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  compare: () => (/* binding */ compare),
  runComparison: () => (/* binding */ runComparison)
});

// EXTERNAL MODULE: ./build/src/dialects/registry.js
var registry = __webpack_require__(4102);
// EXTERNAL MODULE: ./build/src/shared/abort.js
var abort = __webpack_require__(59117);
// EXTERNAL MODULE: ./build/src/shared/errors.js
var errors = __webpack_require__(80604);
// EXTERNAL MODULE: ./build/src/shared/redact.js
var redact = __webpack_require__(23326);
// EXTERNAL MODULE: ./build/src/engine/model.js
var model = __webpack_require__(43517);
;// CONCATENATED MODULE: ./build/src/engine/connections.js

/** How long a stop waits for the servers to end the statements (each connection at once). */
const DESTROY_WITHIN_MS = 3_000;
class OpenConnections {
    open = [];
    stopping = false;
    /** Keeps `connection`; one opened after a stop began is destroyed at once. */
    add(connection) {
        if (this.stopping)
            void destroy(connection);
        else
            this.open.push(connection);
        return connection;
    }
    /** Polite: each connection's close(). */
    async closeAll() {
        await Promise.all(this.open.splice(0).map((c) => c.close().catch(() => undefined)));
    }
    /** A stop: each connection's destroy() (close() where a dialect has none), bounded in time. */
    async destroyAll() {
        this.stopping = true;
        await Promise.all(this.open.splice(0).map(destroy));
    }
}
async function destroy(connection) {
    const ended = connection.destroy ? connection.destroy() : connection.close();
    await (0,abort/* within */.ux)(ended.catch(() => undefined), DESTROY_WITHIN_MS);
}
//# sourceMappingURL=connections.js.map
// EXTERNAL MODULE: ./build/src/engine/outcome.js
var engine_outcome = __webpack_require__(36576);
;// CONCATENATED MODULE: ./build/src/engine/diff-outcome.js
/** A query's options carrying the comparison's AbortSignal, when it has one. */
const queryOptions = (context) => (context.signal ? { signal: context.signal } : {});
/** How many duplicated keys per side are named in the reasons. */
const DUPLICATE_EXAMPLES = 5;
/** Rough size of what a driver sent for some rows (the JSON length of their values). */
function sizeOfRows(rows) {
    let bytes = 0;
    for (const row of rows) {
        for (const key in row) {
            const value = row[key];
            bytes += (value === null || value === undefined ? 0 : typeof value === 'string' ? value.length : String(value).length) + 1;
        }
    }
    return bytes;
}
//# sourceMappingURL=diff-outcome.js.map
// EXTERNAL MODULE: ./build/src/sql/canonical.js
var canonical = __webpack_require__(67632);
// EXTERNAL MODULE: ./build/src/engine/value-patterns.js
var value_patterns = __webpack_require__(9281);
;// CONCATENATED MODULE: ./build/src/engine/column-patterns.js


/** A column's pattern as one text: which column, which kind, which detail (the identity of an example slot). */
function patternSlot(column, pattern) {
    return `${column}\u0000${pattern.kind}\u0000${pattern.detail ?? ''}`;
}
/** Per column, the kinds of its differences and how many rows each; accepted kinds apart. */
class PatternTally {
    counted;
    accepted;
    families;
    accept;
    /** Changed rows whose every difference was of an accepted kind (counted as matched). */
    acceptedRows = 0;
    constructor(resolved, accept = []) {
        this.families = resolved.columns.map((pair) => ({ source: pair.sourceType.family, target: pair.targetType.family }));
        this.counted = resolved.columns.map(() => new Map());
        this.accepted = resolved.columns.map(() => new Map());
        this.accept = new Set(accept);
    }
    /**
     * One changed row, `differing` its differing columns: each pair's kind tallied; the columns whose
     * difference counts come back (none: every difference accepted, and the row counted as accepted).
     */
    changedRow(source, target, differing) {
        const counted = [];
        const slots = [];
        for (const j of differing) {
            const pattern = (0,value_patterns/* classifyPair */.v8)(source.values[j] ?? null, target.values[j] ?? null, this.families[j]);
            const accepted = this.accept.has(pattern.kind);
            const slot = patternSlot(j, pattern);
            const tally = (accepted ? this.accepted : this.counted)[j];
            const entry = tally.get(slot);
            if (entry)
                entry.rows++;
            else
                tally.set(slot, { pattern, rows: 1 });
            if (!accepted) {
                counted.push(j);
                slots.push(slot);
            }
        }
        if (counted.length === 0 && differing.length > 0)
            this.acceptedRows++;
        return { counted, slots };
    }
    /** True when the comparison accepts some kinds (its rows accepted are then reported, 0 included). */
    get accepting() {
        return this.accept.size > 0;
    }
    /**
     * Column j's counted patterns (with the kept row showing each, from `examples`) and accepted ones:
     * most rows first, then in PATTERN_KINDS order, then by detail in code-point order.
     */
    column(j, examples) {
        const list = (tally, withExamples) => [...tally.entries()]
            .sort(([, x], [, y]) => y.rows - x.rows || value_patterns/* PATTERN_KINDS */.Fi.indexOf(x.pattern.kind) - value_patterns/* PATTERN_KINDS */.Fi.indexOf(y.pattern.kind) || (0,canonical/* compareCodePoints */.OP)(x.pattern.detail ?? '', y.pattern.detail ?? ''))
            .map(([slot, { pattern, rows }]) => {
            const example = withExamples ? examples.get(slot) : undefined;
            return { kind: pattern.kind, rows, ...(pattern.detail !== undefined ? { detail: pattern.detail } : {}), ...(example !== undefined ? { example } : {}) };
        });
        return { patterns: list(this.counted[j], true), accepted: list(this.accepted[j], false) };
    }
}
//# sourceMappingURL=column-patterns.js.map
// EXTERNAL MODULE: ./build/src/engine/cut-values.js
var cut_values = __webpack_require__(89031);
;// CONCATENATED MODULE: ./build/src/engine/diff-rows.js
/**
 * Turning canonical texts into the document's diff rows: key columns by their source names,
 * `_diff_type`, and `source_<col>`/`target_<col>` values that keep their meaning in JSON. A kept
 * row holds at most 64 Ki characters of a value (cut-values.ts), so the rows a comparison keeps
 * take memory by their number, never by the size of the values they differ in.
 */


/** A value as the driver gave it, as canonical text (canonical texts are strings; MySQL's binary ones come as Buffers). */
function diff_rows_text(value) {
    if (value === null || value === undefined)
        return null;
    if (Buffer.isBuffer(value))
        return value.toString('utf8');
    return String(value);
}
/** A duplicated key's values for its reason sentence (a long text key cut to a sentence's length). */
function keyValues(resolved, keys) {
    return resolved.keys.map((pair, i) => (0,cut_values/* keyForSentence */.Qg)((0,canonical/* reportedValue */.F3)(pair.family, keys[i] ?? null)));
}
function keyComparator(resolved) {
    const parts = resolved.keys.map((pair) => (pair.family === 'integer' ? canonical/* compareIntegers */.nK : pair.family === 'float' ? canonical/* compareFloats */.RZ : canonical/* compareCodePoints */.OP));
    return (a, b) => {
        for (let i = 0; i < parts.length; i++) {
            const order = parts[i](a[i] ?? '', b[i] ?? '');
            if (order !== 0)
                return order;
        }
        return 0;
    };
}
/**
 * The differing rows a comparison keeps (at most `max`), their long values cut. Samples that teach:
 * first one example of every (column, pattern) slot offered (the row with the smallest key showing
 * it), then the rows with the smallest keys; kept in key order. Rows may be offered in any order
 * (the join diff's arrive unordered): the result depends on the rows only, so every plan keeps the
 * same ones. Holds at most `max` rows plus one per slot.
 */
class KeptRows {
    resolved;
    max;
    compareKeys;
    /** The `max` smallest keys offered so far: a max-heap on the key. */
    smallest = [];
    examples = new Map();
    constructor(resolved, max, compareKeys) {
        this.resolved = resolved;
        this.max = max;
        this.compareKeys = compareKeys;
    }
    /** True when a row with this key showing these slots would be kept now (so a caller need not build it). */
    wants(keys, slots = []) {
        if (this.max <= 0)
            return false;
        const largest = this.smallest[0];
        if (this.smallest.length < this.max || (largest && this.compareKeys(keys, largest.keys) < 0))
            return true;
        return slots.some((slot) => {
            const example = this.examples.get(slot);
            return !example || this.compareKeys(keys, example.keys) < 0;
        });
    }
    /** Offers a changed row (`differing`: its counted columns, `slots`: their patterns) or a row on one side only. */
    offer(type, source, target, differing, slots = []) {
        const keys = (source ?? target)?.keys ?? [];
        if (!this.wants(keys, slots))
            return;
        const cut = (0,cut_values/* cutRow */.tC)(diffRow(this.resolved, type, source, target, differing), 0);
        const candidate = { keys, row: cut.row, cuts: cut.cuts.map(({ row: _row, ...rest }) => rest) };
        if (this.smallest.length < this.max)
            this.push(candidate);
        else if (this.compareKeys(keys, this.smallest[0].keys) < 0)
            this.replaceLargest(candidate);
        for (const slot of slots) {
            const example = this.examples.get(slot);
            if (!example || this.compareKeys(keys, example.keys) < 0)
                this.examples.set(slot, candidate);
        }
    }
    /** The kept rows in key order, their cut values, and the index of each slot's example among them. */
    finish() {
        const byKey = (x, y) => this.compareKeys(x.keys, y.keys);
        const chosen = new Set([...new Set(this.examples.values())].sort(byKey).slice(0, this.max));
        for (const candidate of [...this.smallest].sort(byKey)) {
            if (chosen.size >= this.max)
                break;
            chosen.add(candidate);
        }
        const ordered = [...chosen].sort(byKey);
        const index = new Map(ordered.map((candidate, i) => [candidate, i]));
        const examples = new Map();
        for (const [slot, candidate] of this.examples) {
            const at = index.get(candidate);
            if (at !== undefined)
                examples.set(slot, at);
        }
        return { rows: ordered.map((c) => c.row), cuts: ordered.flatMap((c, i) => c.cuts.map((cut) => ({ row: i, ...cut }))), examples };
    }
    push(candidate) {
        const heap = this.smallest;
        heap.push(candidate);
        for (let i = heap.length - 1; i > 0;) {
            const parent = (i - 1) >> 1;
            if (this.compareKeys(heap[i].keys, heap[parent].keys) <= 0)
                break;
            [heap[i], heap[parent]] = [heap[parent], heap[i]];
            i = parent;
        }
    }
    replaceLargest(candidate) {
        const heap = this.smallest;
        heap[0] = candidate;
        for (let i = 0;;) {
            const [left, right] = [2 * i + 1, 2 * i + 2];
            let largest = i;
            if (left < heap.length && this.compareKeys(heap[left].keys, heap[largest].keys) > 0)
                largest = left;
            if (right < heap.length && this.compareKeys(heap[right].keys, heap[largest].keys) > 0)
                largest = right;
            if (largest === i)
                return;
            [heap[i], heap[largest]] = [heap[largest], heap[i]];
            i = largest;
        }
    }
}
/** A changed row (`differing` = indexes of the differing columns) or a row on one side only, its values whole. */
function diffRow(resolved, type, source, target, differing) {
    const row = { _diff_type: type };
    const keys = (source ?? target)?.keys ?? [];
    resolved.keys.forEach((pair, i) => {
        row[pair.source] = (0,canonical/* reportedValue */.F3)(pair.family, keys[i] ?? null);
    });
    const columns = differing ?? resolved.columns.map((_, j) => j);
    for (const j of columns) {
        const pair = resolved.columns[j];
        if (!pair)
            continue;
        if (source)
            row[`source_${pair.source}`] = (0,canonical/* reportedValue */.F3)(pair.family, source.shown[j] ?? null);
        if (target)
            row[`target_${pair.source}`] = (0,canonical/* reportedValue */.F3)(pair.family, target.shown[j] ?? null);
    }
    return row;
}
//# sourceMappingURL=diff-rows.js.map
// EXTERNAL MODULE: ./build/src/sql/type-family.js
var type_family = __webpack_require__(96753);
;// CONCATENATED MODULE: ./build/src/engine/resolve.js
/**
 * From a definition and two introspected sides to what is compared: the key pairs and column pairs,
 * each with the type family both sides are normalised as and the normalisation options they share.
 * Every name the user wrote is checked against the real columns (case-insensitively), with an error
 * listing what exists.
 */


function resolveColumns(definition, source, target, options = { requireKeys: true }) {
    let keyNames = definition.primaryKeys;
    if (!keyNames) {
        try {
            keyNames = declaredKeys(source, target);
        }
        catch (error) {
            if (options.requireKeys)
                throw error;
            keyNames = { source: [], target: [] };
        }
    }
    const strict = definition.precision === 'strict';
    const keys = pairUp(keyNames.source, keyNames.target, source, target, 'primary key').map((pair) => withOptions(pair, { caseSensitive: true, strict, compareAs: byColumn(definition.compareAs ?? {}, pair.source.name) }, source, target));
    let columnNames = definition.columns;
    if (!columnNames) {
        const targetByName = new Map(target.schema.columns.map((c) => [c.name.toLowerCase(), c.name]));
        const keyNamesLower = new Set([...keys.map((k) => k.source.toLowerCase()), ...keys.map((k) => k.target.toLowerCase())]);
        const excluded = new Set((definition.excludeColumns ?? []).map((c) => c.toLowerCase()));
        const shared = source.schema.columns.filter((c) => targetByName.has(c.name.toLowerCase()) && !keyNamesLower.has(c.name.toLowerCase()) && !excluded.has(c.name.toLowerCase()));
        columnNames = { source: shared.map((c) => c.name), target: shared.map((c) => targetByName.get(c.name.toLowerCase())) };
    }
    const columns = pairUp(columnNames.source, columnNames.target, source, target, 'compared column').map((pair) => {
        const resolved = withOptions(pair, { caseSensitive: definition.caseSensitive, strict, compareAs: byColumn(definition.compareAs ?? {}, pair.source.name) }, source, target);
        const tolerance = byColumn(definition.tolerance, pair.source.name);
        if (tolerance !== undefined) {
            if (!(0,type_family/* isNumericFamily */.We)(resolved.family)) {
                throw new errors/* ConfigurationError */.j1(`tolerance is set for column \`${pair.source.name}\`, which is not numeric (${pair.source.type} in ${source.label}, ${pair.target.type} in ${target.label}).`, { hint: 'Remove the tolerance for this column; tolerance applies to integer, decimal and float columns.' });
            }
            resolved.tolerance = tolerance;
        }
        return resolved;
    });
    for (const [setting, names] of [['tolerance', Object.keys(definition.tolerance)], ['compare_as', Object.keys(definition.compareAs ?? {})]]) {
        for (const name of names) {
            if (![...columns, ...(setting === 'compare_as' ? keys : [])].some((c) => c.source.toLowerCase() === name.toLowerCase())) {
                throw new errors/* ConfigurationError */.j1(`${setting} names column \`${name}\`, which is not a compared column.`, {
                    hint: `Compared columns: ${columns.map((c) => c.source).join(', ') || '(none)'}.`,
                });
            }
        }
    }
    return { keys, columns };
}
/** A side's column of a pair as the compiler normalises it: the pair's family, its own kept as `stored`. */
function comparedColumn(pair, role) {
    const own = role === 'source' ? pair.sourceType : pair.targetType;
    return { ...own, family: pair.family, stored: own.family };
}
/**
 * True when this side's values of the pair are finished in JavaScript (`canonicalCollection`): a JSON
 * or text column compared as a collection, on an engine that cannot read one as such in SQL, or a
 * query's SET (`canonicalSetText`). Only the streaming merge compares such a pair.
 */
function finishedInJs(pair, role, compiler) {
    const own = role === 'source' ? pair.sourceType : pair.targetType;
    if (!(0,type_family/* isCollectionFamily */.dg)(pair.family))
        return false;
    // A query's SET, whose members the metadata do not name: its text is split in JavaScript.
    if (own.family === 'set' && !own.members)
        return true;
    return !(0,type_family/* isCollectionFamily */.dg)(own.family) && compiler.jsonCollections !== true;
}
function declaredKeys(source, target) {
    const sourceKey = source.schema.primaryKey;
    const targetKey = target.schema.primaryKey.length > 0 ? target.schema.primaryKey : sourceKey;
    if (sourceKey.length === 0) {
        const fallback = target.schema.primaryKey;
        if (fallback.length > 0)
            return { source: fallback, target: fallback };
        throw new errors/* ConfigurationError */.j1(`No primary key to match rows by: ${source.label} declares none.`, {
            hint: 'Set `primary_keys` (or `primary_keys_source` and `primary_keys_target`) in the comparison.',
        });
    }
    return { source: sourceKey, target: targetKey };
}
function pairUp(sourceNames, targetNames, source, target, what) {
    if (sourceNames.length !== targetNames.length) {
        throw new errors/* ConfigurationError */.j1(`The source lists ${sourceNames.length} ${what}(s) and the target ${targetNames.length}; they are paired by position.`, {
            hint: 'List as many columns on both sides.',
        });
    }
    return sourceNames.map((name, i) => ({
        source: findColumn(source, name, what),
        target: findColumn(target, targetNames[i], what),
    }));
}
function findColumn(side, name, what) {
    const exact = side.schema.columns.find((c) => c.name === name);
    if (exact)
        return exact;
    const folded = side.schema.columns.filter((c) => c.name.toLowerCase() === name.toLowerCase());
    if (folded.length === 1 && folded[0])
        return folded[0];
    throw new errors/* ConfigurationError */.j1(`The ${what} \`${name}\` does not exist in ${side.label}.`, {
        hint: `Available columns: ${side.schema.columns.map((c) => c.name).join(', ') || '(none)'}.`,
    });
}
function withOptions(pair, settings, source, target) {
    const common = (0,type_family/* commonFamily */.Qx)(pair.source.family, pair.target.family);
    const family = comparedFamily(pair, common, settings.compareAs, source, target);
    const normalize = (0,type_family/* isCollectionFamily */.dg)(family) ? collectionOptions(pair.source, pair.target, settings) : scalarOptions(family, pair.source, pair.target, settings);
    const resolved = {
        source: pair.source.name,
        target: pair.target.name,
        sourceType: pair.source,
        targetType: pair.target,
        family,
        typeMismatch: common === undefined,
        normalize,
    };
    if (settings.compareAs !== undefined)
        resolved.compareAs = settings.compareAs;
    return resolved;
}
/** The normalisation both sides of a pair of scalar columns share, compared as `family`. */
function scalarOptions(family, source, target, settings) {
    const normalize = { caseSensitive: settings.caseSensitive };
    if (family === 'decimal' || family === 'integer') {
        // Both scales known: render at the larger one (pads, never loses a digit). Else strip zeros on both.
        const s = source?.family === 'integer' ? 0 : source?.scale;
        const t = target?.family === 'integer' ? 0 : target?.scale;
        if (family === 'decimal' && s !== undefined && t !== undefined)
            normalize.scale = Math.max(s, t);
    }
    if (family === 'timestamp' || family === 'timestamptz' || family === 'time') {
        const s = source?.precision ?? 6;
        const t = target?.precision ?? 6;
        // Common: the lower precision (fractions one side cannot hold are dropped); strict: the higher.
        normalize.precision = settings.strict ? Math.max(s, t) : Math.min(s, t);
    }
    // A 4-byte float on either side: both are compared at single precision (REAL 0.1 equals DOUBLE 0.1).
    if (family === 'float' && (source?.singlePrecision || target?.singlePrecision))
        normalize.singlePrecision = true;
    return normalize;
}
/** A collection pair's options: its members' common family (a SET's are text) and their normalisation. */
function collectionOptions(source, target, settings) {
    const memberType = (column) => column.element ?? (column.family === 'set' ? { name: column.name, type: 'text', family: 'text' } : undefined);
    const s = memberType(source);
    const t = memberType(target);
    const family = s && t ? ((0,type_family/* commonFamily */.Qx)(s.family, t.family) ?? 'text') : (s ?? t)?.family ?? 'text';
    const member = { family, options: scalarOptions(family, s, t, settings) };
    const known = source.members ?? target.members;
    if (settings.compareAs !== 'list' && known && (source.family === 'set') !== (target.family === 'set') && (family === 'text' || family === 'unknown'))
        member.known = known;
    return { caseSensitive: settings.caseSensitive, member };
}
const READ_AS_COLLECTION = new Set(['list', 'set', 'json', 'text']);
/**
 * The family a pair is compared as: `compare_as` when set (checked against both types), else the
 * common family, else text; except that a collection paired with a type it has nothing in common
 * with is a configuration error naming both types and the `compare_as` that makes them comparable
 * (their texts could only differ).
 */
function comparedFamily(pair, common, compareAs, source, target) {
    const types = `\`${pair.source.name}\` is ${pair.source.type} in ${source.label} and \`${pair.target.name}\` is ${pair.target.type} in ${target.label}`;
    const setting = (as) => `\`compare_as: { ${pair.source.name}: ${as} }\``;
    if (compareAs === 'text')
        return 'text';
    if (compareAs === 'list' || compareAs === 'set') {
        const other = [pair.source, pair.target].find((c) => !READ_AS_COLLECTION.has(c.family));
        if (other) {
            throw new errors/* ConfigurationError */.j1(`compare_as: ${compareAs} cannot read column \`${other.name}\` (${other.type}) as a collection: ${types}.`, {
                hint: `compare_as: list or set reads arrays, lists, SETs, JSON arrays and text holding a JSON array; use ${setting('text')} to compare both as written.`,
            });
        }
        return compareAs;
    }
    if (compareAs === 'json') {
        const other = [pair.source, pair.target].find((c) => c.family !== 'json' && c.family !== 'text' && c.family !== 'unknown');
        if (other) {
            throw new errors/* ConfigurationError */.j1(`compare_as: json cannot read column \`${other.name}\` (${other.type}) as JSON: ${types}.`, {
                hint: `compare_as: json reads JSON and text columns; for an array, list or SET use ${setting('list')} or ${setting('set')}.`,
            });
        }
        return 'json';
    }
    if (common !== undefined)
        return common;
    const collections = [pair.source, pair.target].filter((c) => (0,type_family/* isCollectionFamily */.dg)(c.family));
    if (collections.length === 0)
        return 'text';
    const other = pair.source === collections[0] ? pair.target : pair.source;
    const readsJson = other.family === 'text' || other.family === 'unknown';
    const what = readsJson ? 'text' : /^[aeiou]/.test(other.family) ? `an ${other.family}` : `a ${other.family}`;
    throw new errors/* ConfigurationError */.j1(`Column ${types}: a collection cannot be compared with ${what} by value.`, {
        hint: readsJson
            ? `Set ${setting('list')} in the comparison to read the text as a JSON array (${setting('set')} to ignore member order), ${setting('text')} to compare both as written, or leave the column out of \`columns\`.`
            : `Set ${setting('text')} in the comparison to compare both as written, or leave the column out of \`columns\`.`,
    });
}
/** A per-column setting by source column name, exact or else case-insensitive. */
function byColumn(settings, column) {
    if (column in settings)
        return settings[column];
    const key = Object.keys(settings).find((k) => k.toLowerCase() === column.toLowerCase());
    return key === undefined ? undefined : settings[key];
}
//# sourceMappingURL=resolve.js.map
// EXTERNAL MODULE: ./build/src/sql/collection.js
var collection = __webpack_require__(81776);
;// CONCATENATED MODULE: ./build/src/engine/checksum/prefix.js
/** Bytes read into the integer after the shared prefix (7: it stays a positive 64-bit integer). */
const CODE_BYTES = 7;
/** Longest shared prefix used: every key's bytes are compared with it. */
const MAX_SHARED_BYTES = 64;
/** The integer of `bytes[skip, skip + 7)`, zero-padded: what `TextKeyOrder.prefixCode` computes in SQL. */
function codeAt(bytes, skip) {
    let code = 0n;
    for (let i = 0; i < CODE_BYTES; i++)
        code = (code << 8n) | BigInt(bytes[skip + i] ?? 0);
    return code;
}
/** The smallest byte string above every string starting with `prefix` (its last byte below 0xff plus one). */
function above(prefix) {
    const bytes = Uint8Array.from(prefix);
    bytes[bytes.length - 1] = (bytes[bytes.length - 1] ?? 0) + 1;
    return bytes;
}
const hex = (bytes) => Buffer.from(bytes).toString('hex');
/** The SQL pieces of prefix buckets for one side's key text. */
class PrefixBuckets {
    order;
    bucketing;
    shared;
    bytes;
    constructor(order, bucketing, keyText) {
        this.order = order;
        this.bucketing = bucketing;
        this.shared = Buffer.from(bucketing.shared, 'hex');
        this.bytes = order.utf8(keyText);
    }
    /** Buckets are 0 … last. */
    get last() {
        return this.shared.length === 0 ? this.bucketing.bounds.length : this.bucketing.bounds.length + 2;
    }
    /** The key's integer after the shared prefix. */
    code() {
        return this.order.prefixCode(this.bytes, this.shared.length);
    }
    /** The bucket of a row (its key not NULL). */
    bucket() {
        const middle = this.order.boundsReached(this.code(), this.bucketing.bounds);
        if (this.shared.length === 0)
            return middle;
        return `CASE WHEN ${this.bytes} < ${this.order.bytes(hex(this.shared))} THEN 0 WHEN ${this.bytes} >= ${this.order.bytes(hex(above(this.shared)))} THEN ${this.last} ELSE 1 + ${middle} END`;
    }
    /** A condition true exactly for the rows of buckets first … last (inclusive). */
    run(first, last) {
        if (this.shared.length === 0)
            return this.middle(first, last);
        // Buckets 1 … n + 1 are the middle buckets 0 … n.
        const middleFirst = Math.max(first, 1) - 1;
        const middleLast = Math.min(last, this.last - 1) - 1;
        const middle = middleFirst <= middleLast ? this.middle(middleFirst, middleLast) : 'FALSE';
        const below = first === 0 ? 'TRUE' : 'FALSE';
        const beyond = last === this.last ? 'TRUE' : 'FALSE';
        return `CASE WHEN ${this.bytes} < ${this.order.bytes(hex(this.shared))} THEN ${below} WHEN ${this.bytes} >= ${this.order.bytes(hex(above(this.shared)))} THEN ${beyond} ELSE ${middle} END`;
    }
    /**
     * Conditions splitting the rows (keys not NULL) before middle bucket `middle` (1 … bounds.length)
     * from the rest, exactly on the bucket bound, by comparing the key's bytes with one literal: the
     * shared prefix and the bound's bytes without their trailing NULs (a key's 7 zero-padded bytes are
     * below the bound exactly when the key's bytes sort below those). No integer computed per row.
     */
    cut(middle) {
        const bound = this.bucketing.bounds[middle - 1];
        if (bound === undefined)
            throw new RangeError(`No bound before middle bucket ${middle} of ${this.bucketing.bounds.length + 1}.`);
        const code = Buffer.from(bound.toString(16).padStart(2 * CODE_BYTES, '0'), 'hex');
        let end = code.length;
        while (end > 0 && code[end - 1] === 0)
            end--;
        const literal = this.order.bytes(hex(Buffer.concat([this.shared, code.subarray(0, end)])));
        return [`${this.bytes} < ${literal}`, `${this.bytes} >= ${literal}`];
    }
    /** Middle buckets first … last: bucket i holds the integers in [bounds[i - 1], bounds[i]). */
    middle(first, last) {
        const bounds = this.bucketing.bounds;
        const parts = [first > 0 ? `${this.code()} >= ${bounds[first - 1]}` : undefined, last < bounds.length ? `${this.code()} < ${bounds[last]}` : undefined];
        const defined = parts.filter((part) => part !== undefined);
        return defined.length === 0 ? 'TRUE' : `(${defined.join(' AND ')})`;
    }
}
/** Prefix buckets are not used when one integer holds more than this share of the sampled keys. */
const MAX_LUMP_SHARE = 0.02;
/** The shared prefix is that of the sample without this share of its keys at either end (stray keys). */
const STRAY_SHARE = 0.01;
/** The length of the prefix `a` and `b` share (strings of bytes, one character a byte), at most MAX_SHARED_BYTES. */
function sharedLength(a, b) {
    let shared = 0;
    while (shared < MAX_SHARED_BYTES && shared < a.length && shared < b.length && a.charCodeAt(shared) === b.charCodeAt(shared))
        shared++;
    // Never 0xff last (not in UTF-8 anyway): the bound above the prefix adds one to its last byte.
    while (shared > 0 && a.charCodeAt(shared - 1) === 0xff)
        shared--;
    return shared;
}
/**
 * Bucket bounds for about `buckets` buckets from a sample of keys (their UTF-8 bytes): the
 * prefix shared by the sample's keys (but a few stray ones at either end, which go to the buckets
 * below and above), then every (sample / buckets)-th integer after it. Undefined when the sample is
 * empty, or too many keys share the same 7 bytes after the prefix: a difference there would fetch
 * them all, and key-hash buckets serve those better.
 */
function prefixBucketsFromSample(sample, buckets) {
    if (sample.length === 0)
        return undefined;
    // Each byte one character (latin1, decoded in one call): the strings sort natively in the keys' byte
    // order (3,100 keys: 6–10 ms where Buffer.compare and BigInt codes per key took 14–26 ms).
    const all = Buffer.concat(sample).toString('latin1');
    let offset = 0;
    const sorted = sample.map((key) => all.slice(offset, (offset += key.byteLength))).sort();
    const stray = Math.floor(sorted.length * STRAY_SHARE);
    const low = sorted[stray];
    const shared = sharedLength(low, sorted[sorted.length - 1 - stray]);
    const prefix = low.slice(0, shared);
    // At most `stray` keys at either end lie outside the prefix: fewer than a lump.
    const inside = sorted.filter((key) => key.startsWith(prefix));
    const lump = Math.max(16, sorted.length * MAX_LUMP_SHARE);
    // The 7 bytes after the prefix, zero-padded as `codeAt` reads them: equal texts, equal integers.
    const codes = inside.map((key) => key.slice(shared, shared + CODE_BYTES).padEnd(CODE_BYTES, '\0'));
    let run = 1;
    let longest = 1;
    for (let i = 1; i < codes.length; i++) {
        run = codes[i] === codes[i - 1] ? run + 1 : 1;
        longest = Math.max(longest, run);
    }
    if (longest > lump)
        return undefined;
    const bounds = [];
    const step = codes.length / buckets;
    let last;
    for (let i = 1; i < buckets; i++) {
        const code = codes[Math.floor(i * step)];
        if (code !== undefined && (last === undefined || code > last)) {
            bounds.push(BigInt(`0x${Buffer.from(code, 'latin1').toString('hex')}`));
            last = code;
        }
    }
    return { kind: 'prefix', shared: Buffer.from(prefix, 'latin1').toString('hex'), bounds };
}
//# sourceMappingURL=prefix.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/tail.js

/** Characters read from the end of the key text (each at least one byte, so their first 7 bytes are always read whole). */
const TAIL_CHARACTERS = CODE_BYTES;
/** The SQL integer of a key text's tail (0 … 2^56 − 1): the same number on every engine for the same text. */
function tailCodeSql(order, keyText) {
    return order.prefixCode(order.utf8(order.tail(keyText, TAIL_CHARACTERS)), 0);
}
/** What `tailCodeSql` computes, for a key text in JavaScript. */
function tailCode(keyText) {
    const characters = Array.from(keyText);
    return codeAt(Buffer.from(characters.slice(-TAIL_CHARACTERS).join(''), 'utf8'), 0);
}
/** Fewer sampled keys than this cannot tell whether tails spread. */
const MIN_TAIL_SAMPLE = 64;
/** The sampled keys' tails must tell at least this share of them apart. */
const TAIL_DISTINCT_SHARE = 0.9;
/**
 * The key column whose tails tell the sampled keys apart (`TAIL_DISTINCT_SHARE` of the distinct keys
 * or more: key-tail buckets will then be as even as key-hash ones), the one telling most apart;
 * undefined when none does (or the sample is too small to tell).
 * `sample`: each sampled key's canonical column texts, in key column order.
 */
function tailColumn(sample) {
    const keys = new Map(sample.map((columns) => [JSON.stringify(columns), columns]));
    if (keys.size < MIN_TAIL_SAMPLE)
        return undefined;
    const width = sample[0]?.length ?? 0;
    let best;
    for (let index = 0; index < width; index++) {
        const tails = new Set([...keys.values()].map((columns) => tailCode(columns[index] ?? ''))).size;
        if (tails >= TAIL_DISTINCT_SHARE * keys.size && (!best || tails > best.tails))
            best = { index, tails };
    }
    return best?.index;
}
//# sourceMappingURL=tail.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/sql.js



/** The key column range buckets are cut on (`keyIndex`, the first when absent). */
function rangeKey(relation) {
    const index = relation.bucketing.kind === 'range' ? (relation.bucketing.keyIndex ?? 0) : 0;
    const key = relation.keys[index];
    if (!key)
        throw new errors/* InternalError */.Gd(`Range buckets on key column ${index + 1}, of ${relation.keys.length}.`);
    return key;
}
/** True when range buckets are cut on the key's first column, whose index reads a range (see `Bucketing`). */
function rangeOnLeadingKey(bucketing) {
    return bucketing.kind === 'range' && (bucketing.keyIndex ?? 0) === 0;
}
function normalised(relation, column) {
    return relation.compiler.normalize(column.expr, column.column, column.options);
}
const FIXED_ALPHABET = new Set(['integer', 'decimal', 'boolean', 'date', 'time', 'timestamp', 'timestamptz', 'uuid', 'bytes']);
/**
 * True when both sides' canonical texts of a column pair are sure to be of the fixed alphabet: the
 * pair's family is one of them AND both declared types are of such a family too (a text column paired
 * with a uuid one is compared as uuid, but holds any text; PostgreSQL's `timestamp` paired with
 * MariaDB's `TIMESTAMP`, a `timestamptz` there, is written as is), and neither side is SQLite (any
 * column holds any value there, and text that is not a number or a date passes through its canonical
 * functions).
 */
function fixedPair(pair, dynamicTyping) {
    return !dynamicTyping && fixedAlphabet(pair.family) && fixedAlphabet(pair.sourceType.family) && fixedAlphabet(pair.targetType.family);
}
/** A family whose canonical text is of a fixed alphabet (digits, `-.: `, hex). */
function fixedAlphabet(family) {
    return FIXED_ALPHABET.has(family);
}
/** A field of the key or row text (see above); free text is prefixed with its length in bytes or characters. */
function field(compiler, column, length) {
    const text = compiler.hashText(column.expr, column.column, column.options);
    if (column.fixed)
        return `COALESCE(${text}, '-')`;
    const measured = length === 'bytes' ? compiler.byteLength(text) : compiler.charLength(text);
    const prefix = compiler.hashText(measured, { name: 'length', type: 'bigint', family: 'integer' }, { caseSensitive: true });
    const prefixed = compiler.concat([prefix, "':'", text]);
    if (column.digestAbove === undefined || length !== 'bytes')
        return `COALESCE(${prefixed}, '-')`;
    if (!compiler.md5Hex)
        throw new errors/* InternalError */.Gd(`${compiler.dialect} cannot digest a long field.`);
    // NULL: the condition is NULL, so the ELSE branch, NULL too, and COALESCE's '-'.
    return `COALESCE(CASE WHEN ${measured} > ${Math.trunc(column.digestAbove)} THEN ${compiler.concat(["'#'", compiler.md5Hex(text)])} ELSE ${prefixed} END, '-')`;
}
/**
 * The uniquely decodable text of `columns` (their fields joined with `|`). The checksum's row text
 * counts bytes (the same on every engine for the same UTF-8 text); the streaming merge's packed text
 * counts characters, which survive a server encoding other than UTF-8 (see packed-values.ts).
 */
function fieldsText(compiler, columns, length = 'bytes') {
    const parts = columns.map((column) => field(compiler, column, length));
    return compiler.concat(parts.flatMap((part, i) => (i === 0 ? [part] : ["'|'", part])));
}
function keyText(relation) {
    return fieldsText(relation.compiler, relation.keys);
}
function rowText(relation) {
    return fieldsText(relation.compiler, [...relation.keys, ...relation.values]);
}
/** True for a row whose key has a NULL column (counted apart, never compared). */
function nullKeyCondition(relation) {
    return relation.keys.map((key) => `${key.expr} IS NULL`).join(' OR ');
}
function textKeyOrder(relation) {
    const order = relation.compiler.textKeyOrder;
    if (!order)
        throw new errors/* InternalError */.Gd(`${relation.compiler.dialect} cannot bucket rows by text key order.`);
    return order;
}
function singleKey(relation) {
    const [key, ...rest] = relation.keys;
    if (!key || rest.length > 0)
        throw new errors/* InternalError */.Gd('Prefix buckets need exactly one key column.');
    return key;
}
function tailKey(relation, index) {
    const key = relation.keys[index];
    if (!key)
        throw new errors/* InternalError */.Gd(`Key-tail buckets on key column ${index + 1}, of ${relation.keys.length}.`);
    return key;
}
/** The SQL of prefix buckets on the (single) key's canonical text. */
function prefixBuckets(relation, bucketing) {
    return new PrefixBuckets(textKeyOrder(relation), bucketing, normalised(relation, singleKey(relation)));
}
function bucketExpression(relation) {
    const bucketing = relation.bucketing;
    let bucket;
    if (bucketing.kind === 'range') {
        const key = rangeKey(relation).expr;
        bucket = `${key} - ((${key} - (${bucketing.lo})) % ${bucketing.width})`;
    }
    else if (bucketing.kind === 'prefix')
        bucket = prefixBuckets(relation, bucketing).bucket();
    else if (bucketing.kind === 'tail')
        bucket = `${tailCodeSql(textKeyOrder(relation), normalised(relation, tailKey(relation, bucketing.keyIndex)))} % ${bucketing.buckets}`;
    else
        bucket = `${relation.compiler.md5AsInteger(keyText(relation))} % ${bucketing.kind === 'hash' ? bucketing.buckets : 1}`;
    return `CASE WHEN ${nullKeyCondition(relation)} THEN NULL ELSE ${bucket} END`;
}
function where(relation, extra) {
    const conditions = [relation.filter ? `(${relation.filter})` : undefined, extra].filter((c) => c !== undefined);
    return conditions.length > 0 ? ` WHERE ${conditions.join(' AND ')}` : '';
}
/** An integer column, for the text of a bucket id or an aggregate (exact whatever the driver does with big numbers). */
const INTEGER_TEXT = { name: 'checksum', type: 'bigint', family: 'integer' };
/** Text of an integer aggregate (exact on every engine, whatever the driver does with big numbers). */
function integerText(relation, expr) {
    return relation.compiler.normalize(expr, INTEGER_TEXT, { caseSensitive: true });
}
/**
 * One scan: per bucket `bucket` (as text: exact whatever the driver does with big integers), `row_count`,
 * `checksum` (text), ordered by bucket; prefix buckets also `low` and `high`, the bucket's smallest and
 * largest key in the side's own collation. `condition` restricts the scan to a slice of the rows.
 */
function bucketScanSql(relation, condition) {
    const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
    const ordered = orderedMd5(relation);
    const keyRange = relation.bucketing.kind === 'prefix';
    const lowHigh = keyRange ? `, min(${q('key_value')}) AS ${q('low')}, max(${q('key_value')}) AS ${q('high')}` : '';
    const keyValue = keyRange ? `, ${singleKey(relation).expr} AS ${q('key_value')}` : '';
    if (ordered) {
        // The NULL-key rows are only counted: their texts are left out of the aggregate (which skips NULLs).
        const text = `CASE WHEN ${nullKeyCondition(relation)} THEN NULL ELSE ${rowText(relation)} END`;
        const byIndex = inIndexOrder(relation);
        const name = (count, i) => `${byIndex ? 'key_value' : 'order_key'}${count === 1 ? '' : `_${i}`}`;
        const keys = orderingKeys(relation).map((expr, i, all) => [expr, q(name(all.length, i))]);
        const inner = `SELECT ${bucketExpression(relation)} AS ${q('bucket_id')}, ${text} AS ${q('row_text')}, ${keys.map(([expr, name]) => `${expr} AS ${name}`).join(', ')}${keyValue} FROM ${relation.from}${where(relation, condition)}`;
        const compiler = relation.compiler;
        // Rows grouped by sorting them: computed once first where the engine would re-read each row.
        const rows = !byIndex && compiler.materializedTable ? compiler.materializedTable(inner, 'dc_rows') : compiler.derivedTable(inner, 'dc_rows');
        return (`SELECT ${integerText(relation, q('bucket_id'))} AS ${q('bucket')}, count(*) AS ${q('row_count')}, ${ordered(q('row_text'), keys.map(([, name]) => name).join(', '))} AS ${q('checksum')}${lowHigh}` +
            ` FROM ${rows} GROUP BY ${q('bucket_id')} ORDER BY ${q('bucket_id')}`);
    }
    const inner = `SELECT ${bucketExpression(relation)} AS ${q('bucket_id')}, ${relation.compiler.md5AsInteger(rowText(relation))} AS ${q('row_hash')}${keyValue} FROM ${relation.from}${where(relation, condition)}`;
    return (`SELECT ${integerText(relation, q('bucket_id'))} AS ${q('bucket')}, count(*) AS ${q('row_count')}, ${integerText(relation, `sum(${q('row_hash')})`)} AS ${q('checksum')}${lowHigh}` +
        ` FROM ${relation.compiler.derivedTable(inner, 'dc_rows')} GROUP BY ${q('bucket_id')} ORDER BY ${q('bucket_id')}`);
}
/** The compiler's ordered md5 aggregate when the relation hashes its rows in key order (range or key-order buckets), else undefined. */
function orderedMd5(relation) {
    if (!relation.orderedRows)
        return undefined;
    const aggregate = relation.compiler.orderedMd5?.bind(relation.compiler);
    const kind = relation.bucketing.kind;
    if (!aggregate || (kind !== 'range' && kind !== 'prefix'))
        throw new errors/* InternalError */.Gd('The ordered row hash needs range or key-order buckets, and an ordered text aggregate.');
    return aggregate;
}
/**
 * True when a bucket's rows are ranges of the leading key column and the key is all integers: the
 * rows then come in key order through the key's index (the chunk pass reads them so), and are ordered
 * by the integers themselves.
 */
function inIndexOrder(relation) {
    return rangeOnLeadingKey(relation.bucketing) && relation.keys.length > 0 && relation.keys.every((key) => key.column.family === 'integer');
}
/**
 * The expressions that order a bucket's rows alike on every engine, for the ordered row hash and the
 * chunk pass: the integer key columns of ranges read in index order (`inIndexOrder`), whose order is
 * the numbers' everywhere; for other buckets, each key column's canonical text as UTF-8 bytes, whose
 * order is the bytes' everywhere, where the text itself would follow each engine's collation.
 */
function orderingKeys(relation) {
    if (inIndexOrder(relation))
        return relation.keys.map((key) => key.expr);
    if (relation.keys.length === 0)
        throw new errors/* InternalError */.Gd('Rows are hashed in key order only with a key.');
    return relation.keys.map((key) => textKeyOrder(relation).utf8(normalised(relation, key)));
}
/**
 * The canonical key texts (as bytes where the engine gives them so) of a `fraction` of a side's rows,
 * at most `limit` of them (a row estimate far too low must not bring a table), the first in the
 * keys' byte order: prefix buckets' sample (a single key's text, `key_text`); with `whole`, each key
 * column's text (`key_text_0`, … : key-tail buckets').
 *
 * What decides which keys: the `fraction` (from the row estimates, which ANALYZE changes), and a
 * hash of each key (`condition`, MariaDB and views) or, on PostgreSQL tables, a seeded sampling
 * clause that picks rows (`rows`) or pages (`pages`) by where they lie, so the same table gives the
 * same sample until its rows are rewritten (UPDATE, VACUUM FULL, a reload) or its estimate changes.
 * Never the order or timing in which the scan returns rows: the limit cuts in byte order.
 */
function sampleKeysSql(relation, fraction, limit, sampling = 'condition', whole = false) {
    const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
    const order = textKeyOrder(relation);
    // Pages hold neighbouring rows: PAGE_OVERSAMPLE times the pages, one row in PAGE_OVERSAMPLE of them
    // kept, spreads the sample over that many more pages while reading a small share of the table.
    const oversampled = fraction * PAGE_OVERSAMPLE;
    const pages = sampling === 'pages' && relation.samplable && order.tableSample && oversampled < 1 ? order.tableSample(oversampled) : undefined;
    // Not with a filter: the share is of the filtered rows, and a sampling clause reads every page, where
    // the filter alone may read a few through an index.
    const rows = !pages && sampling !== 'condition' && relation.samplable && !relation.filter && order.rowSample && fraction < 1 ? order.rowSample(fraction) : undefined;
    const notNull = (whole ? relation.keys : [singleKey(relation)]).map((key) => `${key.expr} IS NOT NULL`).join(' AND ');
    // Decided by a hash of the key, not by chance (the clauses are seeded).
    const hashed = whole ? keyText(relation) : normalised(relation, singleKey(relation));
    const condition = rows ? notNull : `${notNull} AND ${order.sample(pages ? 1 / PAGE_OVERSAMPLE : fraction, hashed)}`;
    const sampled = (whole ? relation.keys : [singleKey(relation)]).map((key) => normalised(relation, key));
    const texts = whole ? sampled.map((text, i) => `${text} AS ${q(`key_text_${i}`)}`).join(', ') : `${sampled[0]} AS ${q('key_text')}`;
    // Cut in the keys' byte order: without it the limit keeps the rows the scan happens to return first
    // (a parallel scan's order is its workers' timing).
    const ordered = sampled.map((text) => order.utf8(text)).join(', ');
    const clause = pages ?? rows;
    return `SELECT ${texts} FROM ${relation.from}${clause ? ` ${clause}` : ''}${where(relation, condition)} ORDER BY ${ordered} ${relation.compiler.limit(limit)}`;
}
/** A page sample reads this many times the sampled share of pages (see sampleKeysSql). */
const PAGE_OVERSAMPLE = 10;
/** The whole relation's count and checksum in one query: the bench's "checksum floor". */
function fullChecksumSql(relation) {
    const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
    return (`SELECT count(*) AS ${q('row_count')}, ${integerText(relation, `sum(${relation.compiler.md5AsInteger(rowText(relation))})`)} AS ${q('checksum')}` +
        ` FROM ${relation.from}${where(relation)}`);
}
/**
 * Key values occurring more than once (NULL keys excluded): `duplicate_keys`. One scan; used when the
 * key is not declared unique. Keys are grouped by their canonical text, bytewise, as every plan
 * matches them: 'a' and 'A' in a case-insensitive MariaDB column are two keys, two timestamps equal
 * once truncated to the compared precision one.
 */
function duplicateKeysSql(relation) {
    const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
    const keys = relation.keys.map((key) => relation.compiler.binaryText(normalised(relation, key))).join(', ');
    const notNull = relation.keys.map((key) => `${key.expr} IS NOT NULL`).join(' AND ');
    const inner = `SELECT 1 AS ${q('one')} FROM ${relation.from}${where(relation, notNull)} GROUP BY ${keys} HAVING count(*) > 1`;
    return `SELECT count(*) AS ${q('duplicate_keys')} FROM ${relation.compiler.derivedTable(inner, 'dc_dups')}`;
}
/**
 * The smallest and largest value of key columns `indexes` (the first by default: through the key's
 * index), as `lo`, `hi` for one column, else `lo_<i>`, `hi_<i>` for each (one scan for all).
 */
function keyRangeSql(relation, indexes = [0]) {
    const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
    const integer = { name: 'bound', type: 'bigint', family: 'integer' };
    const bound = (expr) => relation.compiler.normalize(expr, integer, { caseSensitive: true });
    const parts = indexes.map((index) => {
        const key = relation.keys[index]?.expr ?? 'NULL';
        const suffix = indexes.length === 1 ? '' : `_${index}`;
        return `${bound(`min(${key})`)} AS ${q(`lo${suffix}`)}, ${bound(`max(${key})`)} AS ${q(`hi${suffix}`)}`;
    });
    return `SELECT ${parts.join(', ')} FROM ${relation.from}${where(relation)}`;
}
/**
 * A side's row count (`n`) for a side without a row estimate, with from the same scan what would
 * otherwise take scans of their own: the key range (`lo`, `hi`, as keyRangeSql) and, for a single key
 * not declared unique, its non-NULL and distinct canonical keys (`nk`, `dk`: equal when no key repeats).
 */
function rowCountSql(relation, also) {
    const q = relation.compiler.quoteIdentifier.bind(relation.compiler);
    const parts = [`count(*) AS ${q('n')}`];
    if (also.keyRange)
        parts.push(keyRangeSql(relation).replace(/^SELECT /, '').replace(/ FROM [\s\S]*$/, ''));
    const key = relation.keys[0];
    if (also.distinctKeys && key && relation.keys.length === 1) {
        const integer = { name: 'n', type: 'bigint', family: 'integer' };
        const counted = (expr) => relation.compiler.normalize(expr, integer, { caseSensitive: true });
        parts.push(`${counted(`count(${key.expr})`)} AS ${q('nk')}`, `${counted(`count(DISTINCT ${relation.compiler.binaryText(normalised(relation, key))})`)} AS ${q('dk')}`);
    }
    return `SELECT ${parts.join(', ')} FROM ${relation.from}${where(relation)}`;
}
//# sourceMappingURL=sql.js.map
// EXTERNAL MODULE: ./build/src/shared/characters.js
var shared_characters = __webpack_require__(57003);
;// CONCATENATED MODULE: ./build/src/engine/packed-values.js
/**
 * Packed values: the streaming merge reads the columns compared as exact canonical text as ONE field
 * per row, built like the checksum diff's row text (`fieldsText` in checksum/sql.ts: NULL `-`, a value
 * sure to be of a fixed alphabet on both sides as is, any other `<length>:<text>`, joined with `|`),
 * compares that one string per row, and decodes it into the columns' values only for the rows that
 * differ. Lengths count characters (code points), not bytes: the driver hands over text converted to
 * UTF-16, whatever the server's encoding, and characters survive that where bytes do not.
 * Equal texts mean equal values and different texts different values (the text is uniquely
 * decodable), so the answer is the one column-by-column comparison gives, with one string a row
 * to receive, decode from the driver and compare instead of one a column.
 * Columns compared in JavaScript (a tolerance, float and JSON canonicalisation, a JSON or text column
 * read as a collection) stay separate.
 */




/** A column whose canonical text decides equality by itself (no comparing in JavaScript). */
function packable(pair) {
    const sqlCollection = (type) => type.element !== undefined || type.members !== undefined;
    if ((0,type_family/* isCollectionFamily */.dg)(pair.family) && !(sqlCollection(pair.sourceType) && sqlCollection(pair.targetType)))
        return false;
    return pair.tolerance === undefined && pair.family !== 'float' && pair.family !== 'json';
}
/**
 * The packed text of the packable columns, or undefined when fewer than two are packable (packing one
 * column saves nothing). `column(j)` gives column j's expression, type, normalisation and `fixed` on this side.
 */
function packedColumns(compiler, pairs, column) {
    const columns = pairs.flatMap((pair, j) => (packable(pair) ? [j] : []));
    if (columns.length < 2)
        return undefined;
    const packed = columns.map(column);
    return {
        sql: compiler.binaryText(fieldsText(compiler, packed, 'characters')),
        columns,
        fixed: packed.map((c) => c.fixed === true),
    };
}
/** Writes the packed text's values into `values` at the packed columns' indexes. */
function unpack(text, packing, values) {
    let at = 0;
    const { columns, fixed } = packing;
    for (let f = 0; f < columns.length; f++) {
        if (f > 0) {
            if (text[at] !== '|')
                throw malformed(text, at);
            at++;
        }
        let value;
        if (text[at] === '-' && (at + 1 === text.length || text[at + 1] === '|')) {
            value = null;
            at++;
        }
        else if (fixed[f]) {
            const end = text.indexOf('|', at);
            value = text.slice(at, end < 0 ? text.length : end);
            at += value.length;
        }
        else {
            const colon = text.indexOf(':', at);
            const length = colon < 0 ? NaN : Number(text.slice(at, colon));
            if (!Number.isInteger(length) || colon === at)
                throw malformed(text, at);
            let end = colon + 1;
            for (let characters = 0; characters < length; characters++) {
                if (end >= text.length)
                    throw malformed(text, at);
                end += (0,shared_characters/* isHighSurrogate */.pc)(text.charCodeAt(end)) ? 2 : 1; // a pair is one character, as the databases count
            }
            if (end > text.length)
                throw malformed(text, at);
            value = text.slice(colon + 1, end);
            at = end;
        }
        values[columns[f]] = value;
    }
    if (at !== text.length)
        throw malformed(text, at);
}
function malformed(text, at) {
    return new errors/* InternalError */.Gd(`A packed row text could not be decoded at character ${at} (${JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text)}).`);
}
//# sourceMappingURL=packed-values.js.map
// EXTERNAL MODULE: ./build/src/sql/guard.js
var guard = __webpack_require__(5527);
;// CONCATENATED MODULE: ./build/src/sql/mysql-guard.js
const loading = new Map();
/**
 * One grammar of node-sql-parser (its MariaDB or MySQL build alone, about 270 KB of CommonJS each),
 * imported on first use: the CLI pays nothing for it until a MariaDB/MySQL filter or query is checked.
 */
function parser(grammar) {
    let made = loading.get(grammar);
    if (!made) {
        made = (async () => {
            const module = (grammar === 'mariadb' ? await Promise.all(/* import() */[__webpack_require__.e(269), __webpack_require__.e(932)]).then(__webpack_require__.t.bind(__webpack_require__, 30932, 19)) : await Promise.all(/* import() */[__webpack_require__.e(269), __webpack_require__.e(442)]).then(__webpack_require__.t.bind(__webpack_require__, 56442, 19)));
            const Made = module.Parser ?? module.default?.Parser;
            if (!Made)
                throw new Error(`node-sql-parser/build/${grammar}.js has no Parser export`);
            return new Made();
        })();
        loading.set(grammar, made);
    }
    return made;
}
/**
 * The tree of `sql` by the MariaDB grammar, else by the MySQL one (it reads a few things the MariaDB
 * one does not: a column named `status`, LOCK IN SHARE MODE); the MariaDB grammar's error when neither does.
 */
async function parseMysql(sql) {
    try {
        return (await parser('mariadb')).astify(sql, { database: 'mariadb' });
    }
    catch (error) {
        try {
            return (await parser('mysql')).astify(sql, { database: 'mysql' });
        }
        catch {
            throw error;
        }
    }
}
const WHY = 'a comparison only reads the data it compares';
/** Function names refused whatever their arguments: the family and why, for the message. */
const DENIED = [
    { test: (n) => n === 'load_file', why: "reads the server's files" },
    { test: (n) => ['get_lock', 'release_lock', 'release_all_locks', 'is_free_lock', 'is_used_lock'].includes(n), why: 'takes or inspects locks shared with other sessions' },
    {
        test: (n) => ['master_pos_wait', 'source_pos_wait', 'master_gtid_wait', 'wait_for_executed_gtid_set', 'wait_until_sql_thread_after_gtids'].includes(n),
        why: 'waits on the server\'s replication',
    },
    { test: (n) => n === 'sleep' || n === 'benchmark', why: 'holds a worker without reading anything' },
    { test: (n) => /^(sys_exec|sys_eval|sys_get|sys_set|lib_mysqludf_)/.test(n), why: 'runs programs on the server (a user-defined function)' },
    { test: (n) => ['nextval', 'setval', 'lastval'].includes(n), why: 'changes or reads the state of a sequence' },
];
/** Statement kinds the parser may nest that are never a read. */
const WRITING_KINDS = new Set(['insert', 'replace', 'update', 'delete', 'create', 'drop', 'alter', 'truncate', 'rename', 'set', 'lock', 'unlock', 'grant', 'revoke', 'call', 'load_data', 'use', 'exec']);
/** A filter (one condition) or query (one SELECT) checked on a MariaDB parse tree. */
async function checkMysql(text, what) {
    const escaped = escapedQuote(text);
    if (escaped >= 0) {
        return {
            problem: {
                message: `The ${what} escapes a quote with a backslash (at character ${escaped + 1}): under sql_mode NO_BACKSLASH_ESCAPES the server ends the string there, so the rest could run as SQL.`,
                hint: "Double the quote instead ('it''s', \"say \"\"hi\"\"\").",
            },
        };
    }
    const prefix = 'SELECT 1 FROM DUAL WHERE (';
    const sql = what === 'filter' ? `${prefix}${text})` : text.trim().replace(/;+\s*$/, '');
    let tree;
    try {
        tree = await parseMysql(sql);
    }
    catch (error) {
        const offset = error.location?.start?.offset;
        const at = typeof offset === 'number' ? Math.max(0, offset - (what === 'filter' ? prefix.length : 0)) : -1;
        const near = at >= 0 ? text.slice(at, at + 30).trim() : '';
        return {
            problem: {
                message: `The ${what} uses MariaDB/MySQL syntax the service's SQL check cannot parse${at >= 0 ? ` (at character ${at + 1}${near ? `: \`${near}\`` : ', the end'})` : ''}, and SQL it cannot read is not run.`,
                hint: `Write that part another way (a column named like a keyword in backticks, \`a <=> b\` as \`(a = b OR (a IS NULL AND b IS NULL))\`).`,
            },
        };
    }
    const statements = Array.isArray(tree) ? tree : [tree];
    if (statements.length !== 1) {
        return { problem: { message: `The ${what} must be a single ${what === 'filter' ? 'condition' : 'statement'}; it holds ${statements.length} statements.`, hint: 'Remove the `;` and whatever follows it.' } };
    }
    const statement = statements[0];
    if (statement.type !== 'select') {
        return {
            problem: {
                message: `The ${what} must be one SELECT (or WITH … SELECT) statement; it is ${/^[aeiou]/i.test(String(statement.type)) ? 'an' : 'a'} ${String(statement.type).toUpperCase()} statement.`,
                hint: 'Write a query that only reads: SELECT … FROM … (a comparison never runs other statements).',
            },
        };
    }
    const reads = { functions: [], calls: [] };
    const problem = walk(statement, what, reads);
    if (problem)
        return { problem };
    return { reads: { functions: unique(reads.functions), calls: unique(reads.calls) } };
}
/** The index of the first quote escaped by a backslash inside a '…' or "…" string, or -1. */
function escapedQuote(text) {
    let quote = null;
    for (let i = 0; i < text.length; i++) {
        const c = text[i];
        if (quote === null) {
            if (c === "'" || c === '"')
                quote = c;
            else if (c === '`') {
                const end = text.indexOf('`', i + 1);
                if (end < 0)
                    return -1;
                i = end;
            }
            continue;
        }
        if (c === '\\') {
            if (text[i + 1] === quote)
                return i;
            i++;
        }
        else if (c === quote) {
            if (text[i + 1] === quote)
                i++;
            else
                quote = null;
        }
    }
    return -1;
}
/** The first refused node of the tree, collecting what it reads on the way. */
function walk(node, what, reads) {
    if (Array.isArray(node)) {
        for (const item of node) {
            const problem = walk(item, what, reads);
            if (problem)
                return problem;
        }
        return null;
    }
    if (node === null || typeof node !== 'object')
        return null;
    const problem = visit(node, what, reads);
    if (problem)
        return problem;
    for (const value of Object.values(node)) {
        const inner = walk(value, what, reads);
        if (inner)
            return inner;
    }
    return null;
}
function visit(node, what, reads) {
    const type = typeof node.type === 'string' ? node.type : '';
    if (WRITING_KINDS.has(type))
        return writing(what, `a ${type.toUpperCase()} statement`, 'it is not a read');
    if (type === 'select') {
        const into = node.into;
        if (into && (into.keyword || into.expr))
            return writing(what, `SELECT … INTO${typeof into.keyword === 'string' && into.keyword !== 'var' ? ` ${into.keyword.toUpperCase()}` : ''}`, 'INTO writes a file or sets variables');
        if (node.locking_read)
            return writing(what, String(node.locking_read).toUpperCase(), 'a locking read locks rows as if to write them');
        return null;
    }
    if (type === 'assign')
        return writing(what, '`:=`', 'it sets a user variable of the session');
    if (type === 'function' || type === 'aggr_func') {
        const name = functionName(node.name);
        if (!name)
            return null;
        reads.functions.push(name);
        // and its qualifier: `pkg.f()` calls a function of a package (sql_mode ORACLE), listed by the package's name
        reads.calls.push(name, ...[qualifierOf(node.name)].filter((qualifier) => qualifier !== ''));
        const denied = DENIED.find((family) => family.test(name));
        if (denied) {
            return {
                message: `The ${what} calls \`${name}()\`, which ${denied.why}: ${WHY}.`,
                hint: `Remove the call to ${name}() (functions are checked by the name the server resolves, whatever the backticks or case).`,
            };
        }
        return null;
    }
    return null;
}
/** `LOAD_FILE`, `` `load_file` ``, `` `db`.`f` `` → `load_file`, `f`. */
function functionName(name) {
    if (typeof name === 'string')
        return name.toLowerCase();
    const parts = name?.name;
    if (!Array.isArray(parts))
        return '';
    return identifierOf(parts.at(-1)).toLowerCase();
}
/** `` `db`.`f` `` → `db`; '' for an unqualified name. */
function qualifierOf(name) {
    return identifierOf(name?.schema).toLowerCase();
}
/** A name as the parser keeps it: a string, or `{ value }` / `{ expr: { value } }` when quoted. */
function identifierOf(node) {
    if (typeof node === 'string')
        return node;
    if (node && typeof node === 'object') {
        const { value, expr } = node;
        if (typeof value === 'string')
            return value;
        if (expr)
            return identifierOf(expr);
    }
    return '';
}
function writing(what, construct, why) {
    return {
        message: `The ${what} uses ${construct}: ${why}, and ${WHY}.`,
        hint: `${what === 'filter' ? 'Write a condition that only reads' : 'Write a plain SELECT'}.`,
    };
}
function unique(list) {
    return [...new Set(list)];
}
//# sourceMappingURL=mysql-guard.js.map
// EXTERNAL MODULE: external "node:path"
var external_node_path_ = __webpack_require__(76760);
// EXTERNAL MODULE: external "node:url"
var external_node_url_ = __webpack_require__(73136);
;// CONCATENATED MODULE: ./build/src/sql/pg-guard.js
/**
 * PostgreSQL's filters and queries checked on the tree PostgreSQL's own parser builds (libpg-query,
 * WebAssembly, loaded on first use), not on the text: identifiers are what the server will see
 * (`U&"pg\005fread\005ffile"` is `pg_read_file`, `"PG_READ_FILE"` keeps its case), so no spelling
 * slips past. A query is exactly one SELECT (VALUES and set operations included) without INTO,
 * FOR UPDATE/SHARE or a data-modifying WITH; a filter is one expression; every function called is
 * checked by name here (families that read files, signal sessions, run SQL given as text, change
 * settings or sleep) and, with a connection, by `pg_proc` (volatile functions are refused but for a
 * few harmless ones). The functions it calls are returned for that check, and every name it may call
 * one by, for masking's (a function the data source defines itself is out of its sight).
 */


let pg_guard_loading;
/**
 * libpg-query's parser, imported and instantiated on first use (the CLI does not pay for it otherwise).
 * Its Emscripten loader finds `libpg-query.wasm` beside `__dirname`: a CommonJS name that the action's
 * ES module bundle lacks, so it is lent (as a global, only while loading) the folder of this code,
 * where scripts/finish-dist.js puts the .wasm.
 */
function postgresParser() {
    pg_guard_loading ??= (async () => {
        const lent = globalThis;
        const had = '__dirname' in lent;
        if (!had) {
            lent.__dirname = external_node_path_.dirname((0,external_node_url_.fileURLToPath)(import.meta.url));
            lent.__filename = external_node_path_.join(lent.__dirname, 'libpg-query.js');
        }
        try {
            const module = await __webpack_require__.e(/* import() */ 627).then(__webpack_require__.t.bind(__webpack_require__, 2627, 19));
            await module.loadModule();
            return module.parseSync;
        }
        finally {
            if (!had) {
                delete lent.__dirname;
                delete lent.__filename;
            }
        }
    })();
    return pg_guard_loading;
}
const pg_guard_WHY = 'a comparison only reads the data it compares';
/** Schemas of PostgreSQL's own functions: a call qualified by one never reaches a function a user defined. */
const SYSTEM_SCHEMAS = new Set(['pg_catalog', 'information_schema']);
/** Function names refused whatever their arguments: the family and why, for the message. */
const pg_guard_DENIED = [
    {
        test: (n) => /^pg_(read_file|read_binary_file|stat_file|ls_.*|file_.*|current_logfile)$/.test(n) || /^lo_/.test(n) || n === 'pg_logdir_ls',
        why: "reads the server's files or large objects",
    },
    { test: (n) => /^pg_(terminate_backend|cancel_backend|signal_backend|log_backend_memory_contexts|reload_conf|rotate_logfile|promote)$/.test(n), why: 'signals other sessions or the server' },
    {
        test: (n) => ['ts_stat', 'ts_rewrite', 'query_to_xml', 'query_to_xmlschema', 'query_to_xml_and_xmlschema', 'cursor_to_xml', 'cursor_to_xmlschema'].includes(n) || /^(table|schema|database)_to_xml/.test(n) || /^dblink/.test(n),
        why: 'runs SQL or reads a table named in a string, out of reach of this check',
    },
    { test: (n) => ['set_config', 'setseed', 'pg_notify', 'nextval', 'setval', 'pg_import_system_collations'].includes(n), why: 'changes the session or the database' },
    {
        test: (n) => /^pg_(create_|drop_|replication_|logical_|advisory|try_advisory|stat_reset|switch_wal|backup_|start_backup|stop_backup|wal_replay_|copy_|sync_replication)/.test(n),
        why: 'changes the server, its replication or its locks',
    },
    { test: (n) => /^pg_sleep/.test(n), why: 'holds a worker without reading anything' },
];
/** Volatile functions that neither write nor reach outside the query (pg_proc marks them volatile). */
const HARMLESS_VOLATILE = new Set(['random', 'random_normal', 'clock_timestamp', 'timeofday', 'gen_random_uuid', 'uuidv4', 'uuidv7', 'uuid_generate_v4', 'uuid_generate_v1', 'uuid_generate_v1mc']);
/** A filter (one condition) or query (one SELECT) checked on PostgreSQL's parse tree. */
async function checkPostgres(text, what) {
    const parse = await postgresParser();
    const sql = what === 'filter' ? `SELECT 1 WHERE (${text})` : text.trim().replace(/;+\s*$/, '');
    let tree;
    try {
        tree = parse(sql);
    }
    catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        return { problem: { message: `The ${what} is not valid PostgreSQL: ${message}.`, hint: `Fix the ${what}'s syntax (PostgreSQL's parser read it).` } };
    }
    const stmts = tree.stmts ?? [];
    if (stmts.length !== 1) {
        return { problem: { message: `The ${what} must be a single ${what === 'filter' ? 'condition' : 'statement'}; PostgreSQL reads ${stmts.length} statements in it.`, hint: 'Remove the `;` and whatever follows it.' } };
    }
    const stmt = stmts[0].stmt;
    const kind = Object.keys(stmt)[0] ?? 'nothing';
    if (kind !== 'SelectStmt') {
        return {
            problem: {
                message: `The ${what} must be one SELECT (or WITH … SELECT) statement; PostgreSQL reads ${/^[AEIOU]/.test(kind) ? 'an' : 'a'} ${statementName(kind)}.`,
                hint: 'Write a query that only reads: SELECT … FROM … (a comparison never runs other statements).',
            },
        };
    }
    const reads = { functions: [], calls: [] };
    const problem = pg_guard_walk(stmt, what, reads);
    if (problem)
        return { problem };
    return { reads: { functions: pg_guard_unique(reads.functions), calls: pg_guard_unique(reads.calls) } };
}
/** The first refused node of the tree, collecting what it reads on the way. */
function pg_guard_walk(node, what, reads) {
    if (Array.isArray(node)) {
        for (const item of node) {
            const problem = pg_guard_walk(item, what, reads);
            if (problem)
                return problem;
        }
        return null;
    }
    if (node === null || typeof node !== 'object')
        return null;
    for (const [key, value] of Object.entries(node)) {
        const problem = pg_guard_visit(key, value, what, reads) ?? pg_guard_walk(value, what, reads);
        if (problem)
            return problem;
    }
    return null;
}
function pg_guard_visit(key, value, what, reads) {
    const node = (value ?? {});
    reads.calls.push(...callsOf(key, node));
    switch (key) {
        case 'InsertStmt':
        case 'UpdateStmt':
        case 'DeleteStmt':
        case 'MergeStmt':
            return pg_guard_writing(what, `a ${statementName(key)}`, 'a WITH clause that writes (INSERT/UPDATE/DELETE/MERGE … RETURNING) is a write');
        case 'SelectStmt':
            if (node.intoClause)
                return pg_guard_writing(what, 'SELECT … INTO', 'SELECT INTO creates a table');
            if (node.lockingClause)
                return pg_guard_writing(what, 'FOR UPDATE / FOR SHARE', 'a locking clause locks rows as if to write them');
            return null;
        case 'FuncCall': {
            const name = lastName(node.funcname);
            reads.functions.push(name);
            const denied = pg_guard_DENIED.find((family) => family.test(name));
            if (denied) {
                return {
                    message: `The ${what} calls \`${name}()\`, which ${denied.why}: ${pg_guard_WHY}.`,
                    hint: `Remove the call to ${name}() (functions are checked by the name PostgreSQL resolves, whatever the quoting or escapes).`,
                };
            }
            return null;
        }
        default:
            return null;
    }
}
/** A's BETWEEN is `>=` and `<=` (NOT BETWEEN: `<` and `>`; SYMMETRIC: either way round). */
const BETWEEN_OPERATORS = ['>=', '<=', '<', '>'];
/**
 * The names by which one node of the tree may reach a function (SqlReads.calls): a call, an operator
 * written or implied, a type cast to, attribute notation. A name the grammar or the SQL qualifies with
 * a system schema reaches only the system's.
 */
function callsOf(key, node) {
    const own = (parts) => {
        const written = names(parts);
        return written.length === 0 || SYSTEM_SCHEMAS.has(written.at(-2) ?? '') ? [] : [written.at(-1)];
    };
    switch (key) {
        case 'FuncCall':
            return own(node.funcname);
        case 'ColumnRef': // `x.f`, `s.x.f`: f(x) when x has no column f
            return names(node.fields).slice(1);
        case 'A_Indirection': // `(x).f`
            return names(node.indirection);
        case 'A_Expr':
            return /BETWEEN/.test(String(node.kind)) ? BETWEEN_OPERATORS : own(node.name);
        case 'SubLink': // `x IN (SELECT …)` compares with `=`
            return /^(ANY|ALL)_SUBLINK$/.test(String(node.subLinkType)) ? (Array.isArray(node.operName) ? own(node.operName) : ['=']) : [];
        case 'SortBy':
            return own(node.useOp);
        case 'CaseExpr': // `CASE x WHEN v` compares with `=`
            return node.arg ? ['='] : [];
        case 'JoinExpr': // `USING (id)` and NATURAL compare with `=`
            return node.isNatural === true || Array.isArray(node.usingClause) ? ['='] : [];
        case 'typeName': // a cast, a column definition: its cast or domain check may run a function
            return own(node.names);
        case 'RangeTableSample':
            return own(node.method);
        default:
            return [];
    }
}
/**
 * With the data source's connection: functions of these names that `pg_proc` marks volatile (they may
 * write or reach outside the query: user functions are volatile unless declared otherwise) are refused,
 * but for a few harmless ones.
 */
async function refusedVolatile(reads, what, query) {
    const names = reads.functions.filter((name) => !HARMLESS_VOLATILE.has(name));
    if (names.length === 0)
        return null;
    const rows = await query("SELECT DISTINCT p.proname AS name FROM pg_catalog.pg_proc p WHERE p.proname = ANY($1::text[]) AND p.provolatile = 'v' ORDER BY 1", [names]);
    const name = rows[0]?.name;
    if (typeof name !== 'string')
        return null;
    return {
        message: `The ${what} calls \`${name}()\`, which PostgreSQL marks VOLATILE (it may write or act outside the query): ${pg_guard_WHY}.`,
        hint: `Remove the call to ${name}(), or, if it is your function and only reads, declare it STABLE or IMMUTABLE (ALTER FUNCTION ${name} STABLE).`,
    };
}
function pg_guard_writing(what, construct, why) {
    return {
        message: `The ${what} uses ${construct}: ${why}, and ${pg_guard_WHY}.`,
        hint: `${what === 'filter' ? 'Write a condition that only reads' : 'Write a plain SELECT'}.`,
    };
}
function statementName(kind) {
    const words = kind.replace(/Stmt$/, '').replace(/([a-z])([A-Z])/g, '$1 $2').toUpperCase();
    return `${words} statement`;
}
function lastName(parts) {
    return names(parts).at(-1) ?? '';
}
/** The lower-cased texts of a list's `String` nodes (a `*` or a subscript has none). */
function names(parts) {
    const list = Array.isArray(parts) ? parts : [];
    return list.map(stringOf).filter((name) => name !== '').map((name) => name.toLowerCase());
}
function stringOf(node) {
    const inner = node.String;
    return typeof inner?.sval === 'string' ? inner.sval : '';
}
function pg_guard_unique(list) {
    return [...new Set(list)];
}
//# sourceMappingURL=pg-guard.js.map
;// CONCATENATED MODULE: ./build/src/sql/check-sql.js
/**
 * The whole check of a user's filter or query before anything is sent. PostgreSQL: the lexer of
 * guard.ts, then PostgreSQL's own parse tree (pg-guard.ts). MariaDB/MySQL: the lexical pass alone
 * (comments, `;`, parentheses), then a MariaDB parse tree (mysql-guard.ts), no list of words. Both
 * parsed dialects also name the functions the SQL calls (what it reads is column-reads.ts's concern).
 * SQLite's authorizer and DuckDB's locked file access check their own while compiling, after the
 * word-level lexer.
 */



/** `{ problem }` when refused, else the functions it calls (known for PostgreSQL and MariaDB/MySQL). */
async function checkUserSql(text, dialect, what) {
    if (dialect === 'mysql') {
        const lexical = (0,guard/* checkLexical */.rh)(text, dialect, what);
        return lexical ? { problem: lexical } : checkMysql(text, what);
    }
    const lexed = what === 'filter' ? (0,guard/* checkFilter */.le)(text, dialect) : (0,guard/* checkQuery */.Dp)(text, dialect);
    if (lexed)
        return { problem: lexed };
    if (dialect !== 'postgres')
        return {};
    return checkPostgres(text, what);
}
//# sourceMappingURL=check-sql.js.map
;// CONCATENATED MODULE: ./build/src/engine/sides.js
/**
 * One side of a comparison made concrete: its connection, the SQL it reads from (a table or a
 * query, with the filter), its schema, and a label for messages ("legacy.orders in source_db").
 */




/** `FROM … AS alias [WHERE filter]` for this side: the table or the query as a derived table. */
/** True when either side is SQLite: any of its columns may hold any value, whatever the declared type. */
function dynamicTyping(source, target) {
    return source.connection.dialect === 'sqlite' || target.connection.dialect === 'sqlite';
}
function fromClause(side, alias) {
    const compiler = side.connection.compiler;
    const relation = side.definition.query
        ? `(${stripSemicolon(side.definition.query)}) AS ${compiler.quoteIdentifier(alias)}`
        : `${compiler.quoteTable(side.definition.dataset ?? '')} AS ${compiler.quoteIdentifier(alias)}`;
    const filter = side.definition.filter ? ` WHERE (${side.definition.filter})` : '';
    return `FROM ${relation}${filter}`;
}
/** The side restricted to the rows meeting an extra WHERE condition, on top of its own filter. */
function withCondition(side, condition) {
    const filter = side.definition.filter ? `(${side.definition.filter}) AND ${condition}` : condition;
    return { ...side, definition: { ...side.definition, filter } };
}
/** A column of this side, qualified by the alias. */
function columnRef(side, alias, column) {
    const compiler = side.connection.compiler;
    return `${compiler.quoteIdentifier(alias)}.${compiler.quoteIdentifier(column)}`;
}
async function describeSide(role, definition, connection, signal) {
    const where = `data source \`${definition.datasourceName}\``;
    const label = definition.query ? `the ${role} query (${where})` : `table \`${definition.dataset}\` in ${where}`;
    const shortName = definition.dataset ?? `${role} query`;
    if (!definition.query && !definition.dataset) {
        throw new errors/* ConfigurationError */.j1(`The ${role} names neither a dataset nor a query.`, { hint: `Set ${role}.dataset or ${role}.query.` });
    }
    await refuseUnsafeSql(role, definition, connection, signal);
    const options = signal ? { signal } : {};
    let schema;
    try {
        schema = definition.query
            ? await connection.describeQuery(stripSemicolon(definition.query), options)
            : await connection.describeTable(definition.dataset ?? '', options);
    }
    catch (error) {
        throw withContext(error, `Could not read the ${role} ${definition.query ? 'query' : 'table'} (${label})`, definition.query ? `Check ${role}.query.` : undefined);
    }
    if (!definition.query && schema.columns.length === 0) {
        throw new errors/* QueryError */.lr(`The ${role} table \`${definition.dataset}\` does not exist in data source \`${definition.datasourceName}\`.`, {
            hint: `Check ${role}.dataset (write schema.table to name another schema) and that the spec's datasource points at the right database.`,
        });
    }
    if (definition.filter)
        await checkFilter(role, definition, connection, signal);
    return { role, definition, connection, label, shortName, schema };
}
/**
 * Before anything is sent: the filter is one condition and the query one SELECT, neither writing nor
 * reaching files (PostgreSQL's: on its parse tree, and the functions it calls against `pg_proc`).
 */
async function refuseUnsafeSql(role, definition, connection, signal) {
    const dialect = (0,guard/* guardDialectOf */.nj)(connection.dialect);
    if (!dialect)
        return;
    const refuse = (what, problem) => {
        if (!problem)
            return;
        throw new errors/* ConfigurationError */.j1(`The ${role} ${what} was refused (data source \`${definition.datasourceName}\`): ${problem.message}`, {
            hint: `Fix ${role}.${what}: ${problem.hint}`,
        });
    };
    const options = signal ? { signal } : {};
    for (const what of ['query', 'filter']) {
        const text = definition[what];
        if (!text)
            continue;
        const checked = await checkUserSql(text, dialect, what);
        if ('problem' in checked)
            refuse(what, checked.problem);
        else if (checked.reads && dialect === 'postgres')
            refuse(what, await refusedVolatile(checked.reads, what, (sql, params) => connection.query(sql, params, options)));
    }
}
/** Runs the filter once on no rows, so a bad filter is reported as such (showing the filter). */
async function checkFilter(role, definition, connection, signal) {
    const side = { definition, connection };
    const sql = `SELECT 1 AS ok ${fromClause(side, 'b')} ${connection.compiler.limit(0)}`;
    try {
        await connection.query(sql, [], signal ? { signal } : {});
    }
    catch (error) {
        throw withContext(error, `The ${role} filter \`${definition.filter}\` is not valid SQL for data source \`${definition.datasourceName}\``, `Fix ${role}.filter (a WHERE condition without the WHERE keyword, in this database's SQL).`);
    }
}
function withContext(error, prefix, hint) {
    if (!(error instanceof errors/* QueryError */.lr))
        return error;
    const options = { cause: error.cause ?? error };
    const combinedHint = hint ?? error.hint;
    if (combinedHint !== undefined)
        options.hint = combinedHint;
    if (error.sql !== undefined)
        options.sql = error.sql;
    return new errors/* QueryError */.lr(`${prefix}: ${error.message.replace(/^Data source "[^"]*" rejected a query: /, '')}`, options);
}
function stripSemicolon(sql) {
    return sql.trim().replace(/;+\s*$/, '');
}
function isDatacompareError(error) {
    return error instanceof DatacompareError;
}
//# sourceMappingURL=sides.js.map
;// CONCATENATED MODULE: ./build/src/engine/side-select.js
/**
 * The SELECT list of one side in canonical form, shared by the join diff and the stream merge:
 * `k<i>` canonical key texts (case-sensitive), `v<j>` canonical compared values, and `w<j>` the
 * value as shown in reports when it differs from `v<j>` (text compared case-insensitively). Packed
 * (the stream merge), the columns compared as exact text are one field `p` instead of their `v<j>`
 * (packed-values.ts).
 */




/** `pack`: the packed values (`p`) instead of their `v<j>`; `dynamicTyping`, either side is SQLite (see `fixedPair`). */
function sideSelect(side, resolved, alias, options = {}) {
    const compiler = side.connection.compiler;
    const name = (pair) => (side.role === 'source' ? pair.source : pair.target);
    const type = (pair) => comparedColumn(pair, side.role);
    const keys = resolved.keys.map((pair, i) => ({
        alias: `k${i}`,
        sql: compiler.normalize(columnRef(side, alias, name(pair)), type(pair), pair.normalize),
    }));
    const packed = options.pack
        ? packedColumns(compiler, resolved.columns, (j) => {
            const pair = resolved.columns[j];
            return { expr: columnRef(side, alias, name(pair)), column: type(pair), options: pair.normalize, fixed: fixedPair(pair, options.dynamicTyping ?? true) };
        })
        : undefined;
    const values = resolved.columns.map((pair, j) => ({
        alias: `v${j}`,
        sql: compiler.normalize(columnRef(side, alias, name(pair)), type(pair), pair.normalize),
    }));
    const shown = resolved.columns.map((pair, j) => {
        if (pair.normalize.caseSensitive)
            return undefined;
        const sql = compiler.normalize(columnRef(side, alias, name(pair)), type(pair), { ...pair.normalize, caseSensitive: true });
        return sql === values[j]?.sql ? undefined : { alias: `w${j}`, sql };
    });
    if (!packed)
        return { keys, values, shown };
    return { keys, values: values.filter((_, j) => !packed.columns.includes(j)), shown, packed: { alias: 'p', ...packed } };
}
/** Every item of a side select, in order: keys, values not packed, the packed values, shown values. */
function selectItems(select) {
    return [...select.keys, ...select.values, ...(select.packed ? [select.packed] : []), ...select.shown.filter((item) => item !== undefined)];
}
//# sourceMappingURL=side-select.js.map
;// CONCATENATED MODULE: ./build/src/engine/stream-merge.js
/**
 * The streaming merge: each side is read ordered by its canonical key and the two ordered streams
 * are merged in JavaScript, in bounded memory (a key group at a time, plus the samples).
 *
 * Order: string keys are ordered bytewise in SQL (`COLLATE "C"`, `CAST … AS BINARY`, SQLite's
 * BINARY) and compared here by code point, which is the same order; integer keys are ordered
 * numerically on both sides (every engine agrees on that, and it can use the key's index). Float
 * keys too: their texts differ between engines (`1e+20`, `1e20`), so they are finished by
 * canonicalFloat here and compared as numbers, which keeps the order the databases sent.
 * Duplicate and NULL keys are treated as in the join diff (see join-diff-sql.ts): a key occurring
 * more than once on either side is counted, reported and left out of the matching.
 */











/** The ORDER BY a side is streamed in; exported so tests can pin it. */
function streamSql(side, resolved, typing) {
    const compiler = side.connection.compiler;
    const select = sideSelect(side, resolved, 'b', { pack: true, ...typing });
    const items = selectItems(select).map((item) => `${item.sql} AS ${compiler.quoteIdentifier(item.alias)}`);
    const order = resolved.keys.map((pair, i) => {
        if (pair.family === 'integer' || pair.family === 'float')
            return columnRef(side, 'b', side.role === 'source' ? pair.source : pair.target);
        return compiler.binaryText(select.keys[i]?.sql ?? 'NULL');
    });
    return `SELECT ${items.join(', ')} ${fromClause(side, 'b')} ORDER BY ${order.join(', ')}`;
}
async function runStreamMerge(context, parts, shown = { phase: 'comparing', message: 'streaming both sides ordered by key' }) {
    const { resolved, definition } = context;
    // A known total is shown from the start: the first rows may take a while (a filtered scan finding the differing buckets).
    context.progress(shown.phase, shown.message, shown.totalRows ? { done: 0, total: shown.totalRows, unit: 'rows' } : undefined);
    const compareKeys = keyComparator(resolved);
    // A failure on one side stops the other side's query instead of waiting for it (closing waits for it).
    const failure = (0,abort/* linkedAbort */.A6)(context.signal);
    const local = { ...context, signal: failure.signal };
    // Which columns are packed, and how, is the same on both sides (it depends on the column pairs only).
    const typing = { dynamicTyping: dynamicTyping(context.source, context.target) };
    const packing = sideSelect(context.source, resolved, 'b', { pack: true, ...typing }).packed;
    const complete = rowCompleter(packing);
    const source = reader(local, context.source, compareKeys, parts?.source, { packing, typing });
    const target = reader(local, context.target, compareKeys, parts?.target, { packing, typing });
    const stats = { matched_rows: 0, mismatched_rows: 0, only_in_source: 0, only_in_target: 0 };
    const columnMismatches = resolved.columns.map(() => 0);
    const samples = new KeptRows(resolved, definition.maxDiffRows, compareKeys);
    const tally = new PatternTally(resolved, definition.accept);
    const keep = (type, a, b) => {
        if (samples.wants((a ?? b).keys))
            samples.offer(type, a && complete(a), b && complete(b));
    };
    // Rows read so far, reported each time a side waits for its next batch.
    const advanced = () => context.progress(shown.phase, undefined, { done: source.rows + target.rows, ...(shown.totalRows ? { total: shown.totalRows } : {}), unit: 'rows' });
    try {
        // Both sides' queries start at once (a side's query is sent when its first row is asked for).
        let [a, b] = await Promise.all([source.next(), target.next()]);
        while (a || b) {
            const order = !a ? 1 : !b ? -1 : compareKeys(a.row.keys, b.row.keys);
            if (order < 0 && a) {
                if (a.count === 1) {
                    stats.only_in_source++;
                    keep('only_in_source', a.row, undefined);
                }
                const next = source.next();
                if (next instanceof Promise)
                    advanced();
                a = next instanceof Promise ? await next : next;
            }
            else if (order > 0 && b) {
                if (b.count === 1) {
                    stats.only_in_target++;
                    keep('only_in_target', undefined, b.row);
                }
                const next = target.next();
                if (next instanceof Promise)
                    advanced();
                b = next instanceof Promise ? await next : next;
            }
            else if (a && b) {
                if (a.count === 1 && b.count === 1) {
                    // Equal packed texts: only the columns not packed can differ (the packed values are left undecoded).
                    const differing = a.row.packed === b.row.packed ? differingColumns(resolved, a.row, b.row) : differingColumns(resolved, complete(a.row), complete(b.row));
                    if (differing.length === 0)
                        stats.matched_rows++;
                    else {
                        const [full, other] = [complete(a.row), complete(b.row)];
                        const { counted, slots } = tally.changedRow(full, other, differing);
                        if (counted.length === 0)
                            stats.matched_rows++;
                        else {
                            stats.mismatched_rows++;
                            for (const j of counted)
                                columnMismatches[j] = (columnMismatches[j] ?? 0) + 1;
                            samples.offer('changed', full, other, counted, slots);
                        }
                    }
                }
                const [nextA, nextB] = [source.next(), target.next()];
                if (nextA instanceof Promise || nextB instanceof Promise) {
                    advanced();
                    [a, b] = await Promise.all([nextA, nextB]);
                }
                else
                    [a, b] = [nextA, nextB];
            }
        }
    }
    catch (error) {
        failure.abort(error);
        throw error;
    }
    finally {
        await Promise.all([source.close(), target.close()]);
    }
    const kept = samples.finish();
    return {
        stats: {
            source_rows: source.rows,
            target_rows: target.rows,
            ...stats,
            duplicate_keys_source: source.duplicates,
            duplicate_keys_target: target.duplicates,
            null_keys_source: source.nullKeys,
            null_keys_target: target.nullKeys,
            ...(tally.accepting ? { accepted_rows: tally.acceptedRows } : {}),
        },
        columnMismatches,
        columnPatterns: resolved.columns.map((_, j) => tally.column(j, kept.examples)),
        samples: kept.rows,
        cuts: kept.cuts,
        duplicates: { source: source.examples, target: target.examples },
        sent: {
            source: { rows_sent: source.rows, bytes_sent: source.bytes },
            target: { rows_sent: target.rows, bytes_sent: target.bytes },
        },
    };
}
const NONE = Object.freeze([]);
/** Decodes a row's packed values into `values` and fills in `shown`, once; returns the row. */
function rowCompleter(packing) {
    return (row) => {
        if (row.complete)
            return row;
        if (packing && row.packed !== undefined)
            unpack(row.packed, packing, row.values);
        if (row.shown !== row.values)
            for (let j = 0; j < row.shown.length; j++)
                if (row.shown[j] === undefined)
                    row.shown[j] = row.values[j] ?? null;
        row.complete = true;
        return row;
    };
}
/**
 * The indexes of the columns whose values differ (a shared empty array for equal rows: nothing
 * allocated). Values not decoded (undefined on both sides: equal packed texts) are equal.
 */
function differingColumns(resolved, a, b) {
    let out;
    const columns = resolved.columns;
    for (let j = 0; j < columns.length; j++) {
        const x = a.values[j] ?? null;
        const y = b.values[j] ?? null;
        if (x === y)
            continue;
        const tolerance = columns[j].tolerance;
        if (x !== null && y !== null && tolerance !== undefined && (0,canonical/* withinTolerance */.p4)(x, y, tolerance))
            continue;
        (out ??= []).push(j);
    }
    return out ?? NONE;
}
/** The side's rows ordered by key, in the driver's batches: one query, or one per part, read one after the other. */
async function* sideBatches(context, side, parts, typing) {
    const options = context.signal ? { signal: context.signal } : {};
    const { connection } = side;
    for (const part of parts ?? [undefined]) {
        const sql = streamSql(part === undefined ? side : withCondition(side, part), context.resolved, typing);
        if (connection.streamBatches) {
            yield* connection.streamBatches(sql, [], options);
            continue;
        }
        let batch = [];
        for await (const row of connection.stream(sql, [], options)) {
            batch.push(row);
            if (batch.length === 1000) {
                yield batch;
                batch = [];
            }
        }
        if (batch.length > 0)
            yield batch;
    }
}
/** The buffer is empty and the side's query has more rows: wait for the next batch. */
const NEED_MORE = Symbol('need more rows');
/** Reads one side as groups of rows with equal keys; NULL keys are counted and skipped. */
function reader(context, side, compareKeys, parts, { packing, typing }) {
    const { resolved } = context;
    const iterator = sideBatches(context, side, parts, typing)[Symbol.asyncIterator]();
    const postNormalize = resolved.columns.map((pair) => {
        if (pair.family === 'float')
            return (value) => (0,canonical/* canonicalFloat */.N8)(value, pair.normalize.singlePrecision === true);
        if (pair.family === 'json')
            return canonical/* canonicalJson */.dj;
        if (!finishedInJs(pair, side.role, side.connection.compiler))
            return undefined;
        const options = (0,collection/* collectionOptions */.pc)(pair.family, pair.normalize);
        const own = side.role === 'source' ? pair.sourceType : pair.targetType;
        return own.family === 'set' ? (value) => (0,collection/* canonicalSetText */.gb)(value, options) : (value) => (0,collection/* canonicalCollection */.Ji)(value, options);
    });
    // Per row only loops over precomputed names and functions: no closures, no property names built.
    const valueNames = resolved.columns.map((_, j) => `v${j}`);
    const shownNames = resolved.columns.map((_, j) => `w${j}`);
    const keyNames = resolved.keys.map((_, i) => `k${i}`);
    const keyFamilies = resolved.keys.map((pair) => pair.family);
    const floatKeysSingle = resolved.keys.map((pair) => pair.normalize.singlePrecision === true);
    const hasShown = resolved.columns.some((pair) => !pair.normalize.caseSensitive);
    const packedColumns = new Set(packing?.columns);
    const readNames = valueNames.map((name, j) => (packedColumns.has(j) ? undefined : name));
    const toRow = (r) => {
        const values = new Array(valueNames.length);
        for (let j = 0; j < readNames.length; j++) {
            const name = readNames[j];
            if (name === undefined)
                continue;
            const value = diff_rows_text(r[name]);
            const post = postNormalize[j];
            values[j] = post && value !== null ? post(value) : value;
        }
        const keys = new Array(keyNames.length);
        for (let i = 0; i < keyNames.length; i++) {
            const key = diff_rows_text(r[keyNames[i]]);
            const family = keyFamilies[i];
            if (key === null)
                keys[i] = null;
            else if (family === 'float')
                keys[i] = (0,canonical/* canonicalFloat */.N8)(key, floatKeysSingle[i]);
            else if (family === 'integer' && !stream_merge_INTEGER_TEXT.test(key)) {
                const pair = resolved.keys[i];
                throw notAnInteger(side, side.role === 'source' ? pair.source : pair.target, key);
            }
            else
                keys[i] = key;
        }
        const packed = packing ? (diff_rows_text(r.p) ?? '') : undefined;
        // Shown values not selected (undefined) are the compared ones, filled in when the row is completed.
        const shown = hasShown ? shownNames.map((name) => (r[name] !== undefined ? diff_rows_text(r[name]) : undefined)) : values;
        return { keys, values, shown: shown, packed, complete: packed === undefined && !hasShown };
    };
    const sizeOf = (row) => {
        let bytes = row.packed === undefined ? 0 : row.packed.length + 1;
        for (const value of row.keys)
            bytes += value === null ? 1 : value.length + 1;
        for (const value of row.values)
            if (value !== undefined)
                bytes += value === null ? 1 : value.length + 1;
        return bytes;
    };
    const hasNullKey = (row) => {
        for (const key of row.keys)
            if (key === null)
                return true;
        return false;
    };
    let buffer = [];
    let at = 0;
    let done = false;
    let previous;
    /** The group being read: its first row and how many rows share its key so far. */
    let group;
    /** The next non-NULL-key row from the buffer (converted and checked), undefined at the end, or NEED_MORE. */
    const pull = () => {
        for (;;) {
            if (at >= buffer.length)
                return done ? undefined : NEED_MORE;
            const raw = buffer[at++];
            state.rows++;
            const row = toRow(raw);
            state.bytes += sizeOf(row);
            if (hasNullKey(row)) {
                state.nullKeys++;
                continue;
            }
            if (previous && compareKeys(previous.keys, row.keys) > 0) {
                throw new errors/* InternalError */.Gd(`The ${side.role} rows did not arrive in key order (${JSON.stringify(previous.keys)} before ${JSON.stringify(row.keys)}); the streaming merge cannot continue.`);
            }
            previous = row;
            return row;
        }
    };
    const finish = (finished) => {
        if (finished.count > 1) {
            state.duplicates++;
            if (state.examples.length < DUPLICATE_EXAMPLES)
                state.examples.push({ key: keyValues(resolved, finished.row.keys), count: finished.count });
        }
        return finished;
    };
    /** The next whole group from what is buffered, or NEED_MORE (nothing is lost: the group in progress is kept). */
    const step = () => {
        for (;;) {
            const row = pull();
            if (row === NEED_MORE)
                return NEED_MORE;
            if (row === undefined) {
                const last = group;
                group = undefined;
                return last && finish(last);
            }
            if (!group) {
                group = { row, count: 1 };
                continue;
            }
            if (compareKeys(group.row.keys, row.keys) === 0) {
                group.count++;
                continue;
            }
            const complete = group;
            group = { row, count: 1 };
            return finish(complete);
        }
    };
    const refill = async () => {
        buffer = []; // the batch read is let go before the next one arrives
        const next = await iterator.next();
        if (next.done)
            done = true;
        else {
            buffer = next.value;
            at = 0;
        }
    };
    const state = {
        rows: 0,
        nullKeys: 0,
        bytes: 0,
        duplicates: 0,
        examples: [],
        next() {
            const ready = step();
            if (ready !== NEED_MORE)
                return ready;
            return (async () => {
                for (;;) {
                    await refill();
                    const group = step();
                    if (group !== NEED_MORE)
                        return group;
                }
            })();
        },
        async close() {
            await iterator.return?.(undefined);
        },
    };
    return state;
}
const stream_merge_INTEGER_TEXT = /^-?\d+$/;
/** SQLite keeps any value in any column: an INTEGER key may hold '2.5' or 'abc', which cannot be ordered as an integer. */
function notAnInteger(side, column, key) {
    return new errors/* ConfigurationError */.j1(`Key column \`${column}\` of ${side.label} holds ${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)}, which is not an integer although the column is declared as one.`, { hint: `Fix the value, or compare the key as text: make the ${side.role} a query selecting CAST(${column} AS TEXT) AS ${column}.` });
}
//# sourceMappingURL=stream-merge.js.map
;// CONCATENATED MODULE: ./build/src/shared/read-ahead.js
/**
 * Reading a stream ahead of its consumer: the items are pulled as fast as they come (up to `limit`
 * held), so a producer is never paused because its consumer waits for something else, and what has
 * arrived can be counted as it arrives. Used where two streams are merged in step (the checksum
 * diff's bucket summaries): one side's scan goes on, and is seen to go on, while the merge waits
 * for the other's.
 */
function readAhead(source, limit, onItem) {
    const iterator = source[Symbol.asyncIterator]();
    const held = [];
    let head = 0;
    let ended = false;
    let failure;
    let itemArrived;
    let roomMade;
    let fail = () => undefined;
    const failed = new Promise((_, reject) => (fail = reject));
    // Nobody may be waiting on it: the failure is also what `next` gives.
    failed.catch(() => undefined);
    const wake = () => {
        itemArrived?.();
        itemArrived = undefined;
    };
    void (async () => {
        try {
            for (;;) {
                if (held.length - head >= limit)
                    await new Promise((resolve) => (roomMade = resolve));
                const step = await iterator.next();
                if (step.done)
                    break;
                held.push(step.value);
                onItem?.(step.value);
                wake();
            }
        }
        catch (error) {
            failure = { error };
            fail(error);
        }
        ended = true;
        wake();
    })();
    return {
        failed,
        async next() {
            while (head === held.length && !ended)
                await new Promise((resolve) => (itemArrived = resolve));
            if (head < held.length) {
                const value = held[head++];
                // Taken items are dropped in batches (shifting one at a time would cost the length of the list each time).
                if (head >= 1024 && head * 2 >= held.length) {
                    held.splice(0, head);
                    head = 0;
                }
                roomMade?.();
                roomMade = undefined;
                return { value, done: false };
            }
            if (failure)
                throw failure.error;
            return { value: undefined, done: true };
        },
    };
}
//# sourceMappingURL=read-ahead.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/fetch-conditions.js
/**
 * Which rows of a side a fetch (or a probe, or a refining pass) reads: the conditions selecting the
 * rows of differing buckets, one per query. Range buckets on the key's first column become key
 * ranges read through its index, in key order query after query; prefix buckets, each side's key
 * ranges and then exactly the buckets; everything else, one scan filtered by the bucket expression.
 */

/** Above this many key ranges, differing range buckets are fetched by one filtered scan instead. */
const MAX_KEY_RANGES = 2000;
/**
 * Key ranges per fetch query. An engine re-checks each row it reads through a range against the
 * whole OR list (MariaDB took 5 s for 256K rows through 1,000 ranges: 20 µs a row), so a long list
 * is split into queries of this many ranges, read one after the other.
 */
const RANGES_PER_QUERY = 50;
const KEYS_PER_QUERY = 50n * 256n;
const MAX_RANGES_PER_QUERY = 400;
/**
 * After the refining pass over a slow link, where each fetch query costs a round trip, narrow ranges
 * go more to a query: as many as hold about as many keys as RANGES_PER_QUERY ranges of 256, at most
 * MAX_RANGES_PER_QUERY (the spread scenario's 1,100 ranges of 16: 22 round trips → 3).
 */
function rangesPerSlowQuery(width) {
    return width >= 256n ? RANGES_PER_QUERY : Math.min(MAX_RANGES_PER_QUERY, Number(KEYS_PER_QUERY / (width > 0n ? width : 1n)));
}
/**
 * Conditions selecting the rows of the given buckets (ascending; never the NULL-key bucket), one per
 * fetch query. Range buckets give ascending, disjoint key ranges per condition, so the queries' rows,
 * each ordered by key, are in key order when read one after the other.
 */
function bucketConditions(relation, buckets, keyRanges, perQuery = RANGES_PER_QUERY) {
    const bucketing = relation.bucketing;
    const filtered = () => [`${bucketExpression(relation)} IN (${buckets.join(', ')})`];
    if (bucketing.kind === 'prefix' && keyRanges)
        return prefixConditions(relation, prefixBuckets(relation, bucketing), buckets, keyRanges) ?? filtered();
    // Ranges of a later key column: no index reads them, and queries one after the other would not
    // give the rows in key order (the first column's); one scan filtered by bucket, a modulo a row.
    if (bucketing.kind !== 'range' || !rangeOnLeadingKey(bucketing))
        return filtered();
    const key = rangeKey(relation).expr;
    // Adjacent buckets become one key range, so clustered differences cost one index range each.
    const ranges = runs(buckets, bucketing.width).map(([first, last]) => [first, last + bucketing.width - 1n]);
    // Thousands of ranges would burden the planners (PostgreSQL plans one index scan per range): filter a scan instead.
    if (ranges.length > MAX_KEY_RANGES)
        return filtered();
    const conditions = [];
    for (let i = 0; i < ranges.length; i += perQuery) {
        const batch = ranges.slice(i, i + perQuery);
        conditions.push(`(${batch.map(([a, b]) => keyBetween(key, String(a), String(b))).join(' OR ')})`);
    }
    return conditions;
}
/**
 * Prefix buckets: per query, the side's key ranges of a run of differing buckets (through the key's
 * index, in the side's collation) and exactly those buckets' integers (byte order). Buckets where
 * this side has no rows are skipped. Undefined (a filtered scan then) when there are too many ranges
 * for index lookups, or a bucket's range is missing.
 */
function prefixConditions(relation, prefix, buckets, keyRanges) {
    const key = relation.keys[0]?.expr;
    const own = buckets.filter((bucket) => keyRanges.has(bucket));
    const total = own.reduce((n, bucket) => n + (keyRanges.get(bucket)?.length ?? 0), 0);
    // A bucket of this side without its key range (never expected) is read by the filtered scan instead.
    if (!key || total > MAX_KEY_RANGES || own.some((bucket) => keyRanges.get(bucket)?.length === 0))
        return undefined;
    const literal = (text) => relation.compiler.stringLiteral(text);
    const conditions = [];
    let batch = [];
    let ranges = [];
    const flush = () => {
        if (batch.length === 0)
            return;
        const byKey = ranges.map(([low, high]) => keyBetween(key, literal(low), literal(high)));
        const byBucket = runs(batch, 1n).map(([first, last]) => prefix.run(Number(first), Number(last)));
        conditions.push(`(${byKey.join(' OR ')}) AND (${byBucket.join(' OR ')})`);
        batch = [];
        ranges = [];
    };
    for (const bucket of own) {
        batch.push(bucket);
        ranges.push(...(keyRanges.get(bucket) ?? []));
        if (ranges.length >= RANGES_PER_QUERY)
            flush();
    }
    flush();
    return conditions;
}
/** Ascending buckets as runs of adjacent ones (`step` apart), [first, last]. */
function runs(buckets, step) {
    const out = [];
    for (const bucket of buckets) {
        const last = out[out.length - 1];
        if (last && last[1] + step === bucket)
            last[1] = bucket;
        else
            out.push([bucket, bucket]);
    }
    return out;
}
/** The relation restricted to the rows of `buckets` (its own filter kept): what a probe or refining pass scans. */
function withinBuckets(relation, buckets) {
    const within = bucketConditions(relation, buckets).map((condition) => `(${condition})`).join(' OR ');
    return { ...relation, filter: relation.filter ? `(${relation.filter}) AND (${within})` : within };
}
/** `key = low` or `key BETWEEN low AND high` (SQL literals or numbers). */
function keyBetween(key, low, high) {
    return low === high ? `${key} = ${low}` : `${key} BETWEEN ${low} AND ${high}`;
}
//# sourceMappingURL=fetch-conditions.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/buckets.js


/**
 * Rows per bucket aimed at: what one isolated differing row costs to fetch, per side. Smaller buckets
 * fetch less around a difference but send (and hold) more summaries: at 256, 10M rows are 39,063
 * summaries per side (~0.2% of the table's bytes), and a scattered difference costs 256 rows.
 */
const ROWS_PER_BUCKET = 256;
/**
 * A table with fewer than SMALL_TABLE_BUCKETS buckets of ROWS_PER_BUCKET rows gets smaller buckets,
 * down to SMALL_TABLE_ROWS_PER_BUCKET rows (ranges: keys), as many as SMALL_TABLE_BUCKETS: their
 * summaries cost little, and each differing bucket fetches fewer rows (100k rows, 10 changes: key
 * ranges 703 rows fetched instead of 2,879; key-order buckets of a text key 1,800 instead of 8,900–
 * 10,600). The bucket count costs a row nothing more: MariaDB's INTERVAL and PostgreSQL's
 * width_bucket search their bounds by bisection (10 or 6,000 bounds: the same 0.07 s per 100k rows),
 * the others take a modulo. From 512k rows on, the buckets are as before.
 */
const SMALL_TABLE_BUCKETS = 2048;
const SMALL_TABLE_ROWS_PER_BUCKET = 64;
/** The rows a bucket should hold for a table of `rows` rows (`small`: SMALL_TABLE_ROWS_PER_BUCKET, or none to keep `rowsPerBucket`). */
function rowsPerBucketFor(rows, rowsPerBucket, small) {
    if (small === undefined || rows / rowsPerBucket >= SMALL_TABLE_BUCKETS)
        return rowsPerBucket;
    return Math.min(rowsPerBucket, Math.max(small, rows / SMALL_TABLE_BUCKETS));
}
/** Caps the summaries each side sends (and holds in memory) whatever the table size. */
const MAX_BUCKETS = 1 << 18;
function isPrime(n) {
    if (n < 2)
        return false;
    if (n % 2 === 0)
        return n === 2;
    for (let d = 3; d * d <= n; d += 2)
        if (n % d === 0)
            return false;
    return true;
}
/** A prime near rows / rowsPerBucket (hash buckets; a prime spreads any regularity of the hashes). */
function chooseBucketCount(rows, rowsPerBucket = ROWS_PER_BUCKET) {
    let n = Math.min(MAX_BUCKETS, Math.max(7, Math.ceil(rows / rowsPerBucket)));
    while (!isPrime(n))
        n++;
    return n;
}
function toSummary(row) {
    const checksum = row.checksum;
    const summary = {
        bucket: row.bucket === null || row.bucket === undefined ? null : BigInt(Buffer.isBuffer(row.bucket) ? row.bucket.toString('utf8') : String(row.bucket)),
        rows: Number(row.row_count),
        checksum: Buffer.isBuffer(checksum) ? checksum.toString('utf8') : String(checksum ?? ''),
    };
    const text = (v) => (typeof v === 'string' ? v : Buffer.isBuffer(v) ? v.toString('utf8') : undefined);
    const [low, high] = [text(row.low), text(row.high)];
    if (low !== undefined && high !== undefined)
        summary.ranges = [[low, high]];
    return summary;
}
function size(summary) {
    const ranges = (summary.ranges ?? []).reduce((n, [low, high]) => n + Buffer.byteLength(low) + Buffer.byteLength(high) + 2, 0);
    return String(summary.bucket).length + String(summary.rows).length + summary.checksum.length + 3 + ranges;
}
/**
 * Summaries a side's scan is read ahead of the merge (about 4M rows at 256 a bucket, a few MB): a
 * side whose scan streams (MariaDB's slices) goes on while the merge waits for the other's (one
 * PostgreSQL query answering at its end), instead of pausing after its first bucket.
 */
const READ_AHEAD_SUMMARIES = 16_384;
/** Merges two summary streams ordered by bucket (the NULL bucket may come anywhere). */
async function compareBuckets(source, target, 
/** Told the rows both sides' summaries covered so far, as each arrives from its scan (progress), whatever the merge waits for. */
onRows) {
    const result = {
        differing: [],
        matchedRows: 0,
        differingRows: { source: 0, target: 0 },
        totals: { source: 0, target: 0 },
        nullKeys: { source: 0, target: 0 },
        summaries: { source: 0, target: 0 },
        bytes: { source: 0, target: 0 },
        keyRanges: { source: new Map(), target: new Map() },
    };
    const differs = (side, summary) => {
        result.differingRows[side] += summary.rows;
        // Past MAX_KEY_RANGES buckets, the differing ones are read by a filtered scan: their ranges are not kept.
        const ranges = summary.ranges && result.keyRanges[side].size < MAX_KEY_RANGES ? summary.ranges : [];
        result.keyRanges[side].set(summary.bucket, ranges);
    };
    let arrived = 0;
    const count = (summary) => onRows?.((arrived += summary.rows));
    const sides = { source: readAhead(source, READ_AHEAD_SUMMARIES, count), target: readAhead(target, READ_AHEAD_SUMMARIES, count) };
    const next = async (side) => {
        // A failure of the other side's scan ends the wait at once: it no longer waits to be read.
        const other = sides[side === 'source' ? 'target' : 'source'].failed;
        for (;;) {
            const item = await Promise.race([sides[side].next(), other]);
            if (item.done)
                return undefined;
            const summary = item.value;
            result.summaries[side]++;
            result.bytes[side] += size(summary);
            result.totals[side] += summary.rows;
            if (summary.bucket === null) {
                result.nullKeys[side] += summary.rows;
                continue;
            }
            return summary;
        }
    };
    // Both sides' scans started with their read-ahead, at once.
    let [a, b] = await Promise.all([next('source'), next('target')]);
    while (a || b) {
        if (a && (!b || a.bucket < b.bucket)) {
            result.differing.push(a.bucket);
            differs('source', a);
            a = await next('source');
        }
        else if (b && (!a || b.bucket < a.bucket)) {
            result.differing.push(b.bucket);
            differs('target', b);
            b = await next('target');
        }
        else if (a && b) {
            if (a.rows === b.rows && a.checksum === b.checksum)
                result.matchedRows += a.rows;
            else {
                result.differing.push(a.bucket);
                differs('source', a);
                differs('target', b);
            }
            [a, b] = await Promise.all([next('source'), next('target')]);
        }
    }
    return result;
}
/** Per-side counts added up. */
function addSides(a, b) {
    return { source: a.source + b.source, target: a.target + b.target };
}
/** Two comparisons of disjoint buckets (range buckets: no key ranges kept) as one. */
function combineComparisons(a, b) {
    return {
        differing: [...a.differing, ...b.differing].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)),
        matchedRows: a.matchedRows + b.matchedRows,
        differingRows: addSides(a.differingRows, b.differingRows),
        totals: addSides(a.totals, b.totals),
        nullKeys: addSides(a.nullKeys, b.nullKeys),
        summaries: addSides(a.summaries, b.summaries),
        bytes: addSides(a.bytes, b.bytes),
        keyRanges: { source: new Map(), target: new Map() },
    };
}
//# sourceMappingURL=buckets.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/relation.js
/**
 * A comparison side as the checksum diff's SQL pieces: the same canonical key and value expressions
 * as the other plans (`sideSelect`), and how its rows are bucketed (see `Bucketing` in sql.ts).
 */




const ALIAS = 'b';
/** A single key, an integer on both sides. */
function integerKeyed(resolved) {
    return resolved.keys.length === 1 && integerKeyColumns(resolved).length === 1;
}
/** The positions of the key columns that are integers on both sides (range buckets can be cut on any). */
function integerKeyColumns(resolved) {
    return resolved.keys.flatMap((key, i) => (key.family === 'integer' && key.sourceType.family === 'integer' && key.targetType.family === 'integer' ? [i] : []));
}
/** `dynamicTyping`: either side is SQLite, where no column's text is sure to be of its type's alphabet. */
function checksumRelation(side, resolved, bucketing, dynamicTyping) {
    const compiler = side.connection.compiler;
    const column = (pair) => {
        const own = side.role === 'source' ? pair.sourceType : pair.targetType;
        return { expr: columnRef(side, ALIAS, own.name), column: comparedColumn(pair, side.role), options: pair.normalize, fixed: fixedPair(pair, dynamicTyping) };
    };
    const definition = side.definition;
    const from = definition.query
        ? compiler.derivedTable(stripSemicolon(definition.query), ALIAS)
        : `${compiler.quoteTable(definition.dataset ?? '')} AS ${compiler.quoteIdentifier(ALIAS)}`;
    const relation = {
        compiler,
        from,
        samplable: !definition.query && side.schema.samplable !== false,
        keys: resolved.keys.map(column),
        values: resolved.columns.map(column),
        bucketing,
    };
    if (definition.filter)
        relation.filter = definition.filter;
    return relation;
}
//# sourceMappingURL=relation.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/slices.js
/**
 * Splitting one side's checksum scan into slices run at once, for an engine that runs one query on
 * one core (MySQL/MariaDB, `parallelScans` > 1). Each slice is a WHERE condition on a key column
 * (the first, or the one range buckets are cut on); together they hold every row exactly once (NULL keys in the first), so their bucket
 * summaries, added up per bucket (prefix buckets keep each slice's key range), are the whole side's.
 * - range buckets: contiguous ranges of their integer key column aligned on bucket bounds (no query needed);
 * - hash or prefix buckets on a text-keyed table: key ranges in the engine's own order around the key at the middle row
 *   (one index walk to find it). Any pivot partitions the rows exactly; a poor one only unbalances.
 */




/**
 * Below this many rows a text-keyed scan is not split: finding the pivot would cost more than it saves.
 * Measured, PostgreSQL → MariaDB, 1M rows keyed by text: the checksum scans took 4.5–4.6 s, MariaDB's split in two 3.6–3.8 s.
 */
const MIN_ROWS_TO_SPLIT_HASH_SCAN = 100_000;
/**
 * With a sample of the keys (key-order buckets) the pivots cost one lookup query instead of an index
 * walk, and a scan is split from this many rows. PostgreSQL → MariaDB, 100k rows keyed by text, whole
 * processes alternated, 13 runs: median 743 ms unsplit, 699 ms split.
 */
const MIN_ROWS_TO_SPLIT_SAMPLED_SCAN = 50_000;
/** At most this many sampled keys are looked up to order them in the engine's own collation. */
const SAMPLE_LOOKUPS = 256;
/** The looked-up keys give the pivots when at least this many per slice were found; else an index walk per pivot. */
const FOUND_PER_SLICE = 8;
async function scanSlices(context, side, relation, options) {
    const { parallelScans, span, rows } = options;
    const slices = Math.max(1, Math.trunc(parallelScans));
    const key = relation.keys[0]?.expr;
    if (slices === 1 || !key)
        return [{}];
    const bucketing = relation.bucketing;
    if (bucketing.kind === 'range') {
        if (!span)
            return [{}];
        // Cut on the column the ranges are cut on (a later column of a composite key: each slice then
        // reads every row, comparing one integer, and hashes its share).
        const rangeColumn = rangeKey(relation).expr;
        const buckets = (span.hi - bucketing.lo) / bucketing.width + 1n;
        const perSlice = (buckets + BigInt(slices) - 1n) / BigInt(slices);
        const bounds = Array.from({ length: slices - 1 }, (_, i) => bucketing.lo + BigInt(i + 1) * perSlice * bucketing.width);
        return between(rangeColumn, bounds.map(String));
    }
    const least = options.sample || (bucketing.kind === 'prefix' && relation.orderedRows) ? Math.min(options.minRowsToSplitHashScan, MIN_ROWS_TO_SPLIT_SAMPLED_SCAN) : options.minRowsToSplitHashScan;
    // A query would be run again by every slice.
    if (!side.definition.dataset || rows < least)
        return [{}];
    if (bucketing.kind === 'prefix' && relation.orderedRows)
        return keyOrderSlices(relation, bucketing, slices);
    // Text keys only: their pivot goes back into the SQL as a plain string literal (never a placeholder,
    // which a driver formatting on the client could confuse with a '?' inside the user's filter).
    if (relation.keys[0]?.column.family !== 'text')
        return [{}];
    const pivots = [];
    // The sampled keys, ordered by the engine itself, give the pivots in a few index lookups; the key at
    // the row in the middle costs an index walk over half the table (4 s for 10M rows in MariaDB). Any
    // pivot partitions the rows exactly; a poor one only unbalances.
    const ordered = options.sample ? await sampleInEngineOrder(context, side, relation, key, options.sample) : [];
    for (let i = 1; i < slices; i++) {
        const value = ordered.length >= FOUND_PER_SLICE * slices ? ordered[Math.floor((ordered.length * i) / slices)] : await keyAtRow(context, side, relation, key, Math.floor((rows * i) / slices));
        if (typeof value !== 'string' || (pivots.length > 0 && value === pivots[pivots.length - 1]))
            break;
        pivots.push(value);
    }
    if (pivots.length === 0)
        return [{}];
    return between(key, pivots.map((pivot) => relation.compiler.stringLiteral(pivot)));
}
/**
 * Key-order buckets under the ordered row hash: slices cut on bucket bounds (prefix.ts `cut`), since a
 * bucket's md5 cannot be put together from two slices' (a pivot in the engine's collation would cut
 * the buckets it falls in, and where that order is not the bytes' — mixed case in MariaDB — most of
 * them). Each slice reads the whole table, comparing the key's bytes with one literal: MariaDB, 100k
 * rows, both halves 0.03 s more than index ranges.
 */
function keyOrderSlices(relation, bucketing, slices) {
    const middles = bucketing.bounds.length + 1;
    if (middles < 2 * slices)
        return [{}];
    const buckets = prefixBuckets(relation, bucketing);
    return cutAt(nullKeyCondition(relation), Array.from({ length: slices - 1 }, (_, i) => buckets.cut(Math.round(((i + 1) * middles) / slices))));
}
/** Slices `key < b1`, `b1 <= key < b2`, …, `key >= bn` (NULL keys in the first); bounds are SQL literals. */
function between(key, bounds) {
    return cutAt(`${key} IS NULL`, bounds.map((bound) => [`${key} < ${bound}`, `${key} >= ${bound}`]));
}
/** Slices between ascending cuts, each a condition below it and one at or above it; rows with a NULL key (`nullKeys`) in the first. */
function cutAt(nullKeys, cuts) {
    const slices = [{ condition: `(${nullKeys} OR ${cuts[0][0]})` }];
    for (let i = 1; i < cuts.length; i++)
        slices.push({ condition: `${cuts[i - 1][1]} AND ${cuts[i][0]}` });
    slices.push({ condition: cuts[cuts.length - 1][1] });
    return slices;
}
/** Up to SAMPLE_LOOKUPS of the sampled keys that the side holds, in its own key order (index lookups). */
async function sampleInEngineOrder(context, side, relation, key, sample) {
    if (sample.length === 0)
        return [];
    const compiler = relation.compiler;
    const step = Math.max(1, Math.floor(sample.length / SAMPLE_LOOKUPS));
    const literals = new Set();
    for (let i = 0; i < sample.length; i += step)
        literals.add(compiler.stringLiteral(Buffer.from(sample[i]).toString('utf8')));
    const filter = relation.filter ? ` AND (${relation.filter})` : '';
    const sql = `SELECT ${key} AS ${compiler.quoteIdentifier('pivot')} FROM ${relation.from} WHERE ${key} IN (${[...literals].join(', ')})${filter} ORDER BY ${key}`;
    const rows = await side.connection.query(sql, [], queryOptions(context));
    return rows.map((row) => row.pivot).filter((value) => typeof value === 'string');
}
/** The first key column's value at row `offset` in the engine's own key order (an index walk). */
async function keyAtRow(context, side, relation, key, offset) {
    const compiler = relation.compiler;
    const filter = relation.filter ? ` AND (${relation.filter})` : '';
    const sql = `SELECT ${key} AS ${compiler.quoteIdentifier('pivot')} FROM ${relation.from} WHERE ${key} IS NOT NULL${filter} ORDER BY ${key} ${compiler.limit(1)} OFFSET ${Math.max(0, Math.trunc(offset))}`;
    const [row] = await side.connection.query(sql, [], queryOptions(context));
    return row?.pivot;
}
/**
 * Several slices' summary streams (each ordered by bucket, ascending) merged into one, a bucket's
 * summaries from different slices added up; the NULL-key bucket, wherever an engine sorts it, last.
 * Reads every stream at once and holds one summary per stream, so memory stays flat.
 */
async function* mergeSummaries(slices) {
    const iterators = slices.map((slice) => slice[Symbol.asyncIterator]());
    const nulls = { rows: 0, checksums: [], seen: false };
    const pull = async (i) => {
        for (;;) {
            const step = await iterators[i].next();
            if (step.done)
                return undefined;
            if (step.value.bucket !== null)
                return step.value;
            nulls.seen = true;
            nulls.rows += step.value.rows;
            nulls.checksums.push(step.value.checksum);
        }
    };
    const heads = await Promise.all(iterators.map((_, i) => pull(i)));
    for (;;) {
        let lowest;
        for (const head of heads)
            if (head && (lowest === undefined || head.bucket < lowest))
                lowest = head.bucket;
        if (lowest === undefined)
            break;
        const same = heads.flatMap((head, i) => (head && head.bucket === lowest ? [i] : []));
        if (same.length === 1) {
            yield heads[same[0]];
        }
        else {
            const parts = same.map((i) => heads[i]);
            const merged = { bucket: lowest, rows: parts.reduce((n, p) => n + p.rows, 0), checksum: combinedChecksum(parts.map((p) => p.checksum)) };
            const ranges = parts.flatMap((p) => p.ranges ?? []);
            if (ranges.length > 0)
                merged.ranges = ranges;
            yield merged;
        }
        const next = await Promise.all(same.map((i) => pull(i)));
        same.forEach((i, j) => (heads[i] = next[j]));
    }
    if (nulls.seen)
        yield { bucket: null, rows: nulls.rows, checksum: combinedChecksum(nulls.checksums) };
}
/**
 * One bucket's checksum from its slices' parts: sums of per-row md5 integers add up. An ordered row
 * hash (md5 hex) cannot be recombined: its parts are listed, which the other side's single scan never
 * equals, so the bucket is fetched and compared row by row (range slices are cut on bucket bounds,
 * so this does not happen there).
 */
function combinedChecksum(parts) {
    if (parts.every((part) => /^\d*$/.test(part)))
        return String(parts.reduce((sum, part) => sum + BigInt(part || '0'), 0n));
    return parts.join(',');
}
/**
 * A side's bucket summaries, ordered by bucket. One scan is read with `query`, not `stream`:
 * PostgreSQL runs no parallel plan for a cursor, and the result is bounded by MAX_BUCKETS small rows.
 * For a dialect that runs a query on one core, the scan is split into slices run at once
 * (slices.ts), each streamed and merged bucket by bucket, so their summaries are never all held.
 */
async function* scanSummaries(context, side, relation, slices) {
    const sqlOf = (slice) => bucketScanSql(relation, slice.condition);
    if (slices.length === 1) {
        for (const row of await side.connection.query(sqlOf(slices[0]), [], queryOptions(context)))
            yield uncutSummary(toSummary(row), relation, side.role);
        return;
    }
    for await (const summary of mergeSummaries(slices.map((slice) => streamedSummaries(context, side, [sqlOf(slice)]))))
        yield uncutSummary(summary, relation, side.role);
}
/**
 * A bucket's summary as compared: under the ordered row hash, a bucket holding more rows than its
 * joined texts are sure to fit in (`maxBucketRows`) may have been cut alike on both sides, so its
 * checksum is replaced by one the other side's never equals: it is fetched and compared row by row.
 */
function uncutSummary(summary, relation, role) {
    if (relation.maxBucketRows === undefined || summary.rows <= relation.maxBucketRows)
        return summary;
    return { ...summary, checksum: `may be cut (${role})` };
}
/** The summaries of `statements` (each ordered by bucket, the later ones' buckets higher), streamed one query after the other. */
async function* streamedSummaries(context, side, statements) {
    for (const sql of statements) {
        for await (const row of side.connection.stream(sql, [], queryOptions(context)))
            yield toSummary(row);
    }
}
/** The slices of a side's scan, for its dialect. */
async function sideSlices(context, side, relation, options) {
    const hooks = await (0,registry/* loadChecksumHooks */.m1)(side.connection.dialect);
    return scanSlices(context, side, relation, { ...options, parallelScans: parallelScans(hooks, relation) });
}
/**
 * How many slices of a side's scan to run at once: the dialect's `parallelScans`, or under the ordered
 * row hash of ranges read in index order (sql.ts `inIndexOrder`) its `orderedParallelScans`
 * (PostgreSQL runs an ordered aggregate on one core; on this 2-core machine the split measured
 * neutral, 10M rows 17.1 s against 17.2 s, and it keeps a larger server's cores at work). Buckets
 * whose rows are sorted by their keys' bytes keep `parallelScans`: PostgreSQL's scan of key-order
 * buckets split in two measured slower (100k rows, both sides' scans 1.26 → 1.36 s).
 */
function parallelScans(hooks, relation) {
    return (relation.orderedRows && inIndexOrder(relation) ? hooks.orderedParallelScans : undefined) ?? hooks.parallelScans ?? 1;
}
//# sourceMappingURL=slices.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/refine.js



/** A refining pass splits each differing key range into this many. */
const REFINE_SPLIT = 16n;
/**
 * The second pass for range buckets: only the rows of the differing ranges (through the key's index)
 * checksummed again in ranges `width` wide, nested inside the first pass's. Returns the narrower
 * ranges' comparison with the first pass's totals and matched rows carried over, and the relations
 * whose bucketing the fetch then uses.
 */
async function refineRanges(context, relations, coarse, width, 
/** Told the rows of the differing ranges checksummed so far (compareBuckets). */
onRows) {
    const narrow = relations.map((relation) => {
        const bucketing = relation.bucketing.kind === 'range' ? { ...relation.bucketing, width } : { kind: 'range', lo: 0n, width };
        // Scanned: the rows of the differing wide ranges only; fetched: by the narrow ranges.
        return { scan: { ...withinBuckets(relation, coarse.differing), bucketing }, fetch: { ...relation, bucketing } };
    });
    const fine = await compareBuckets(scanSummaries(context, context.source, narrow[0].scan, [{}]), scanSummaries(context, context.target, narrow[1].scan, [{}]), onRows);
    return {
        relations: [narrow[0].fetch, narrow[1].fetch],
        buckets: {
            ...fine,
            matchedRows: coarse.matchedRows + fine.matchedRows,
            totals: coarse.totals,
            nullKeys: coarse.nullKeys,
            summaries: addSides(coarse.summaries, fine.summaries),
            bytes: addSides(coarse.bytes, fine.bytes),
        },
    };
}
//# sourceMappingURL=refine.js.map
// EXTERNAL MODULE: ./build/src/shared/thousands.js
var thousands = __webpack_require__(10364);
;// CONCATENATED MODULE: ./build/src/engine/checksum/bucketing.js
/**
 * How the checksum diff puts rows into buckets (sql.ts `Bucketing`): range buckets for an integer key
 * column of two tables (from its span: a single key's or a leading column's read through the index),
 * key-order buckets for a single text key on engines that have them (from a sample of keys), key-hash
 * buckets otherwise.
 */










/** Key ranges read along with a side's row count (countAndKeyRangeSql): not read a second time. */
const knownRanges = new WeakMap();
/** Remembers the key range a side's count query read (`row` has `lo` and `hi`). */
function rememberKeyRange(side, row) {
    knownRanges.set(side, rangeOf(row));
}
/** The side's smallest and largest key (through the key's index), as exact integers. */
async function keyRange(context, side, relation) {
    if (knownRanges.has(side))
        return knownRanges.get(side);
    const [row] = await side.connection.query(keyRangeSql(relation), [], queryOptions(context));
    return rangeOf(row);
}
function rangeOf(row, suffix = '') {
    const value = (v) => (v === null || v === undefined ? undefined : BigInt(Buffer.isBuffer(v) ? v.toString('utf8') : String(v)));
    const lo = value(row?.[`lo${suffix}`]);
    const hi = value(row?.[`hi${suffix}`]);
    return lo === undefined || hi === undefined ? undefined : { lo, hi };
}
/** Both sides' spans as one (the smallest lo, the largest hi), or undefined when neither side has a value. */
function joinedSpan(spans) {
    const known = spans.filter((r) => r !== undefined);
    if (known.length === 0)
        return undefined;
    return { lo: known.reduce((m, r) => (r.lo < m ? r.lo : m), known[0].lo), hi: known.reduce((m, r) => (r.hi > m ? r.hi : m), known[0].hi) };
}
/** The joined span of key columns `indexes` over both sides, one scan a side (one index read for the leading column alone). */
async function columnSpans(context, relations, indexes) {
    const sides = [context.source, context.target];
    const rows = await Promise.all(relations.map(async (relation, i) => (await sides[i].connection.query(keyRangeSql(relation, indexes), [], queryOptions(context)))[0]));
    const suffix = (index) => (indexes.length === 1 ? '' : `_${index}`);
    return new Map(indexes.map((index) => [index, joinedSpan(rows.map((row) => rangeOf(row, suffix(index))))]));
}
/**
 * The key column of a composite key to cut range buckets on, with its span: the leading column when
 * it is an integer with at least `buckets` possible values (its index reads both its span and a
 * bucket's rows), else the integer column with the widest such span; undefined (hash buckets) when
 * none has that many. Values crowded in a part of a wide span only make some buckets fuller.
 */
async function compositeRangeColumn(context, relations, buckets) {
    const candidates = integerKeyColumns(context.resolved);
    const wide = (span) => span !== undefined && span.hi - span.lo + 1n >= buckets;
    if (candidates[0] === 0) {
        const leading = (await columnSpans(context, relations, [0])).get(0);
        if (wide(leading))
            return { index: 0, span: leading };
    }
    const others = candidates.filter((index) => index > 0);
    if (others.length === 0)
        return undefined;
    const spans = await columnSpans(context, relations, others);
    let best;
    for (const [index, span] of spans)
        if (wide(span) && (!best || span.hi - span.lo > best.span.hi - best.span.lo))
            best = { index, span };
    return best;
}
/** The tail sample is drawn as for this many buckets at most (about twice as many keys). */
const TAIL_SAMPLE_BUCKETS = 1024;
/** Prefix buckets at most: their bounds are written into the scan's SQL (about 18 bytes each). */
const MAX_PREFIX_BUCKETS = 1 << 16;
function textKeyed(context) {
    const [key, ...rest] = context.resolved.keys;
    if (!key || rest.length > 0 || key.family !== 'text' || key.sourceType.family !== 'text' || key.targetType.family !== 'text')
        return false;
    return context.source.connection.compiler.textKeyOrder !== undefined && context.target.connection.compiler.textKeyOrder !== undefined;
}
/**
 * A sample of about twice as many canonical keys as `buckets` (`whole`: the text of every key column,
 * else the single key's), taken from a side whose engine parallelises a scan itself (PostgreSQL: its
 * sample costs a fraction of MariaDB's single-core scan), else from the source. Not drawn by chance
 * (sql.ts `sampleKeysSql`): the same table with the same row estimates gives the same sample, so the
 * same buckets and plan; an ANALYZE, or PostgreSQL rows rewritten in place, may change them (never
 * the result).
 */
async function sampleKeys(context, sides, buckets, pageSampleRows, whole) {
    const scansInParallel = await Promise.all(sides.map(async ([side]) => ((await (0,registry/* loadChecksumHooks */.m1)(side.connection.dialect)).parallelScans ?? 1) <= 1));
    const [side, relation, rows] = sides[scansInParallel.indexOf(true)] ?? sides[0];
    const fraction = Math.min(1, (2 * buckets) / Math.max(1, rows));
    const sql = (sampling) => sampleKeysSql(relation, fraction, 4 * buckets, sampling, whole);
    const first = sql(rows >= pageSampleRows ? 'pages' : 'rows');
    const draw = (text) => side.connection.query(text, [], queryOptions(context));
    // A relation the catalog did not name as a view may still refuse a sampling clause (SQL error): its
    // rows are sampled by a condition instead. A time limit, a lost connection or a stop is not retried.
    const fallback = sql('condition');
    if (first === fallback)
        return await draw(first);
    return await draw(first).catch((error) => (error instanceof errors/* QueryError */.lr && !context.signal?.aborted ? draw(fallback) : Promise.reject(error)));
}
const bytesOf = (value) => (Buffer.isBuffer(value) ? value : Buffer.from(String(value), 'utf8'));
/**
 * The single key's canonical texts of a sample (prefix buckets, and the pivots of MariaDB's scan
 * slices), in byte order: a parallel scan returns the same sample in an order of its own timing.
 */
async function sampleKeyTexts(context, sides, buckets, pageSampleRows) {
    return (await sampleKeys(context, sides, buckets, pageSampleRows, false)).map((row) => bytesOf(row.key_text)).sort(Buffer.compare);
}
/** Each key column's canonical text in a sample, per sampled row (key-tail buckets). */
async function sampleKeyColumns(context, sides, buckets, pageSampleRows) {
    const width = context.resolved.keys.length;
    const rows = await sampleKeys(context, sides, buckets, pageSampleRows, true);
    return rows.map((row) => Array.from({ length: width }, (_, i) => bytesOf(row[`key_text_${i}`]).toString('utf8')));
}
/**
 * Prefix buckets (prefix.ts) from a sample of the single text key, undefined (other buckets then)
 * when the sample does not allow them. The sample also gives MariaDB's scan slices their pivots (slices.ts).
 */
async function prefixBucketing(context, sides, buckets, pageSampleRows) {
    const keys = await sampleKeyTexts(context, sides, buckets, pageSampleRows);
    return { prefix: prefixBucketsFromSample(keys, buckets), sample: keys };
}
/**
 * From this many rows a table's keys are sampled by pages where the engine can (PostgreSQL): reading
 * every row to draw a random share took 4.4 s at 10M rows. Smaller tables are sampled row by row
 * (PostgreSQL's TABLESAMPLE BERNOULLI, else a random condition), since the pages' clustered rows made
 * poorer buckets (100k rows: most rows in differing buckets, streamed).
 */
const PAGE_SAMPLE_ROWS = 2_000_000;
/** Range buckets only for keys within ±2^62: beyond, `key - lo` could overflow a 64-bit integer. */
const RANGE_KEY_LIMIT = 2n ** 62n;
/**
 * Range buckets for an integer key column when both sides are tables (see `compositeRangeColumn`);
 * prefix buckets for a single text key on engines that have them; key-tail buckets where a sample's
 * tails spread; hash buckets otherwise. About `rowsPerBucket` rows (ranges: keys) per bucket each
 * way (buckets.ts `rowsPerBucketFor`: fewer in a small table).
 */
async function chooseBucketing(context, relations, rowCounts, rowsPerBucket, pageSampleRows) {
    const rows = Math.max(...rowCounts);
    const hashed = chooseBucketCount(rows, rowsPerBucket);
    const hash = { bucketing: { kind: 'hash', buckets: hashed } };
    const { source, target } = context;
    const sides = [
        [source, relations[0], rowCounts[0]],
        [target, relations[1], rowCounts[1]],
    ];
    // Key-tail buckets where a sample shows a key column's tails tell the keys apart, else key-hash buckets.
    const tailOrHash = async (sample) => {
        const tables = !source.definition.query && !target.definition.query;
        if (!tables || !source.connection.compiler.textKeyOrder || !target.connection.compiler.textKeyOrder)
            return hash;
        // A few thousand keys tell whether tails spread, whatever the bucket count.
        const keys = sample ? sample.map((key) => [key.toString('utf8')]) : await sampleKeyColumns(context, sides, Math.min(hashed, TAIL_SAMPLE_BUCKETS), pageSampleRows);
        const keyIndex = tailColumn(keys);
        return keyIndex === undefined ? hash : { bucketing: { kind: 'tail', buckets: hashed, keyIndex } };
    };
    if (textKeyed(context)) {
        const buckets = Math.min(MAX_PREFIX_BUCKETS, Math.max(1, Math.ceil(rows / rowsPerBucket)));
        const { prefix, sample } = await prefixBucketing(context, sides, buckets, pageSampleRows);
        return prefix ? { bucketing: prefix, sample } : { ...(await tailOrHash(sample)), sample };
    }
    if (source.definition.query || target.definition.query)
        return hash;
    const buckets = BigInt(Math.min(MAX_BUCKETS, Math.max(1, Math.ceil(rows / rowsPerBucket))));
    let column;
    if (integerKeyed(context.resolved))
        column = { index: 0, span: joinedSpan(await Promise.all([keyRange(context, source, relations[0]), keyRange(context, target, relations[1])])) };
    else if (context.resolved.keys.length > 1)
        column = await compositeRangeColumn(context, relations, buckets);
    const joined = column?.span;
    if (!column || !joined)
        return tailOrHash();
    const { lo, hi } = joined;
    // `key - lo` and the range bounds must stay exact 64-bit integers on every engine.
    if (lo < -RANGE_KEY_LIMIT || hi > RANGE_KEY_LIMIT)
        return hash;
    const span = hi - lo + 1n;
    let width = (span + buckets - 1n) / buckets;
    // A multiple of REFINE_SPLIT, so a refining pass's narrower buckets nest exactly inside these.
    if (width >= 2n * REFINE_SPLIT)
        width = ((width + REFINE_SPLIT - 1n) / REFINE_SPLIT) * REFINE_SPLIT;
    const bucketing = { kind: 'range', lo, width: width < 1n ? 1n : width };
    if (context.resolved.keys.length > 1)
        bucketing.keyIndex = column.index;
    return { bucketing, span: { lo, hi } };
}
/** The buckets, in words, for the plan's reason (`keyNames`: the key columns, for a composite key's ranges). */
function bucketsInWords(bucketing, keyNames = []) {
    if (bucketing.kind === 'hash')
        return 'key-hash buckets';
    if (bucketing.kind === 'tail') {
        const name = keyNames.length > 1 ? keyNames[bucketing.keyIndex] : undefined;
        return `key-tail buckets (by the last characters of ${name === undefined ? 'the key' : `key column \`${name}\``})`;
    }
    if (bucketing.kind === 'range') {
        const width = (0,thousands/* thousands */.o)(bucketing.width);
        const name = bucketing.keyIndex === undefined ? undefined : keyNames[bucketing.keyIndex];
        return name === undefined ? `key ranges of ${width}` : `ranges of ${width} values of key column \`${name}\``;
    }
    return `key-order buckets (by the keys' bytes${bucketing.shared ? ' after their shared prefix' : ''})`;
}
//# sourceMappingURL=bucketing.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/probe.js



/** How many buckets the probe checksums at least. */
const PROBE_BUCKETS = 32;
/**
 * Larger tables get one probed range in PROBE_EVERY, up to MAX_PROBE_BUCKETS: at 10M rows (39,063
 * ranges of 256), 1,100 changes one in about 9,000 keys touch about 1 of 32 probed ranges (too few to
 * tell) but about 8 of 305, for 0.8 % of the rows, which spares the chunk pass's sample (an eighth of
 * a scan). Probed ranges lie closer then: one block of changed keys may cover several (`clusters`).
 */
const PROBE_EVERY = 128;
const MAX_PROBE_BUCKETS = 512;
/** How many of `count` ranges the probe checksums. */
function probeCount(count) {
    return Math.max(PROBE_BUCKETS, Math.min(MAX_PROBE_BUCKETS, Math.floor(count / PROBE_EVERY)));
}
/** The share of ranges that should differ after the probe sized them. */
const TARGET_DIFFERING_SHARE = 0.05;
/** Narrowed widths are multiples of this (the refining pass's split), when at least twice it. */
const WIDTH_STEP = 16n;
/** A run of this many neighbouring differing probed ranges is a block of changes, not changes spread thinly (those rarely hit three neighbours). */
const LONG_RUN = 3;
/** The start keys of probeCount(count) range buckets spread evenly over `count` buckets from `lo`. */
function probeBuckets(lo, width, count) {
    const probes = probeCount(count);
    const step = count / probes;
    return Array.from({ length: probes }, (_, i) => lo + width * BigInt(Math.floor((i + 0.5) * step)));
}
/** Checksums the probe buckets on both sides (relations with range bucketing) and counts those that differ. */
async function probeRanges(context, sides, relations, starts) {
    // One query a side: over a link each query costs round trips (in queries of 50 ranges the 305 ranges of
    // 10M rows took 1.6 s through a 20 ms link, against 0.39 s for 32 in one), where on loopback MariaDB's
    // re-check of every row against the whole list of ranges costs 0.26 s against 0.18 s in queries of 50.
    const [source, target] = relations.map((relation) => withinBuckets(relation, starts));
    const compared = await compareBuckets(scanSummaries(context, sides[0], source, [{}]), scanSummaries(context, sides[1], target, [{}]));
    const runs = runsOf(starts, compared.differing);
    return {
        probed: Math.max(compared.summaries.source, compared.summaries.target),
        differing: compared.differing.length,
        clusters: runs.length,
        scattered: runs.reduce((n, run) => n + (run >= LONG_RUN ? 1 : run), 0),
    };
}
/** The lengths of the runs of neighbouring probed ranges (`starts`, ascending) that the differing ones (ascending) form. */
function runsOf(starts, differing) {
    const index = new Map(starts.map((start, i) => [start, i]));
    const runs = [];
    let previous = -2;
    for (const bucket of differing) {
        const i = index.get(bucket) ?? -2;
        if (i < 0 || i !== previous + 1)
            runs.push(1);
        else
            runs[runs.length - 1]++;
        previous = i;
    }
    return runs;
}
/**
 * The share of ranges `width` keys wide expected to differ, from the share f the probe saw at
 * `probedWidth`: 1 − (1 − f)^(width / probedWidth), f counting a long run of neighbours once (`scattered`).
 * Undefined when the differing probed ranges form fewer than two runs (one may be a cluster's, which
 * says nothing of the rest).
 */
function differingShareAt(probe, probedWidth, width) {
    if (probe.clusters < 2 || probe.probed === 0)
        return undefined;
    const share = Math.min(probe.scattered / probe.probed, 0.99);
    return 1 - (1 - share) ** (Number(width) / Number(probedWidth));
}
/**
 * The range width at which about TARGET_DIFFERING_SHARE of the ranges would differ, from the share f the
 * probe saw at `width`: with changes at density d per key, a range of w keys differs with probability
 * 1 − (1 − d)^w, so w' = w · ln(1 − target) / ln(1 − f), f from `scattered`. Unchanged when the
 * differing probed ranges form fewer than two runs (one may be a cluster's); never more than
 * MAX_BUCKETS ranges over the span, never wider than `width`.
 */
function widthForProbe(width, span, probe) {
    if (probe.clusters < 2 || probe.probed === 0)
        return width;
    const share = Math.min(probe.scattered / probe.probed, 0.99);
    if (share <= TARGET_DIFFERING_SHARE)
        return width;
    let narrow = BigInt(Math.max(1, Math.floor((Number(width) * Math.log(1 - TARGET_DIFFERING_SHARE)) / Math.log(1 - share))));
    if (narrow >= 2n * WIDTH_STEP)
        narrow = ((narrow + WIDTH_STEP - 1n) / WIDTH_STEP) * WIDTH_STEP;
    const fewest = (span.hi - span.lo) / BigInt(MAX_BUCKETS) + 1n;
    if (narrow < fewest)
        narrow = fewest;
    return narrow < width ? narrow : width;
}
//# sourceMappingURL=probe.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/row-bound.js
/** A field's length prefix (`<bytes>:`, up to 10 digits) and its `|` separator. */
const FIELD_OVERHEAD = 12;
/** A number's or a time's canonical text: decimals at up to 38 fraction digits, signs, points. */
const NUMBER_BYTES = 110;
const TEMPORAL_BYTES = 32;
/** Past this, a text or bytes column is taken as unbounded. */
const LARGEST_BOUNDED = 16_777_215;
/**
 * The most a declared type holds: `(var)char(n)` and `binary(n)` count characters (or bytes for
 * binary) on both engines; MySQL/MariaDB's TINYTEXT/TEXT/MEDIUMTEXT (and BLOBs) count BYTES in the
 * column's character set. PostgreSQL's `text` and `bytea` are unbounded.
 */
function declaredLength(type, dialect) {
    const t = type.toLowerCase().trim();
    const sized = /^(?:national\s+)?(?:var)?(?:char|binary|character(?:\s+varying)?)\s*\((\d+)\)/.exec(t) ?? /^n?varchar\s*\((\d+)\)/.exec(t);
    if (sized)
        return { length: Number(sized[1]), unit: 'characters' };
    if (dialect !== 'mysql')
        return undefined;
    if (/^tiny(?:text|blob)\b/.test(t))
        return { length: 255, unit: 'bytes' };
    if (/^(?:text|blob)\b/.test(t))
        return { length: 65_535, unit: 'bytes' };
    if (/^medium(?:text|blob)\b/.test(t))
        return { length: 16_777_215, unit: 'bytes' };
    return undefined;
}
/**
 * UTF-8 bytes of a text column's canonical text: 4 per character; a TEXT's bytes in its own character
 * set are as many in UTF-8 for utf8mb3/utf8mb4, at most 3 per byte from a single-byte set (latin1's €).
 * Compared case-insensitively the text is lowered, which lengthens a few characters (Ⱥ, 2 bytes, to
 * ⱥ, 3): half as much again.
 */
function textBytes(declared, charset, caseSensitive) {
    if (declared.unit === 'characters')
        return 4 * declared.length;
    const utf8 = charset !== undefined && /^(?:utf8|ascii|binary)/i.test(charset) ? declared.length : 3 * declared.length;
    return caseSensitive ? utf8 : Math.ceil(1.5 * utf8);
}
function fieldBytes(column, dialect) {
    const bytes = declaredFieldBytes(column, dialect);
    // A digested field is its text up to `digestAbove` bytes, else `#` and 32 hex digits.
    if (column.digestAbove === undefined || (bytes !== undefined && bytes <= column.digestAbove))
        return bytes;
    return Math.max(column.digestAbove, 33);
}
/** The most bytes of a column's field (its canonical text) from its declared type, digest aside; undefined when unbounded. */
function declaredFieldBytes(column, dialect) {
    const { family, type, declared } = column.column;
    // An array (PostgreSQL `integer[]`) holds any number of values.
    if (!declared || (dialect !== 'mysql' && dialect !== 'postgres') || type.includes('['))
        return undefined;
    switch (family) {
        case 'integer':
        case 'float':
            return NUMBER_BYTES;
        case 'decimal':
            // PostgreSQL's `numeric` without a precision holds up to 147,455 digits.
            return /\(\s*\d+/.test(type) ? NUMBER_BYTES : undefined;
        case 'boolean':
            return 1;
        case 'date':
        case 'time':
        case 'timestamp':
        case 'timestamptz':
            return TEMPORAL_BYTES;
        case 'uuid': {
            if (/^uuid\b/i.test(type))
                return 36;
            // Text compared as uuid holds any text of its declared length.
            const length = declaredLength(type, dialect);
            return length === undefined || length.length > LARGEST_BOUNDED ? undefined : Math.max(36, textBytes(length, column.column.charset, column.options.caseSensitive));
        }
        case 'bytes': {
            const length = declaredLength(type, dialect);
            return length === undefined || length.length > LARGEST_BOUNDED ? undefined : 2 * length.length;
        }
        case 'text': {
            // A number or a time compared as text stays short.
            const length = declaredLength(type, dialect);
            if (length !== undefined)
                return length.length > LARGEST_BOUNDED ? undefined : textBytes(length, column.column.charset, column.options.caseSensitive);
            return /^(?:tinyint|smallint|mediumint|int|integer|bigint|decimal|numeric|float|double|real|date|time|datetime|timestamp|year)\b/i.test(type) ? NUMBER_BYTES : undefined;
        }
        default:
            return undefined;
    }
}
/** The most bytes of one row's text made of `columns` on `dialect`, or undefined when a column is unbounded. */
function maxRowTextBytes(columns, dialect) {
    let total = 0;
    for (const column of columns) {
        const bytes = fieldBytes(column, dialect);
        if (bytes === undefined)
            return undefined;
        total += bytes + FIELD_OVERHEAD;
    }
    return total;
}
/**
 * Under the ordered row hash a free-text field longer than this many bytes is hashed on its own
 * (sql.ts `digestAbove`): TEXT, LONGTEXT and PostgreSQL's text then bound a row as a VARCHAR(256)
 * does. (Binary columns are hex, of a fixed alphabet: never digested, so bytea and BLOBs, unbounded,
 * keep the per-row sum.)
 */
const DIGEST_ABOVE = 1024;
/**
 * Both sides with the length-prefixed value fields that may be longer than DIGEST_ABOVE bytes on
 * either side digested past it (the same fields on both, so that both write the same text), where
 * both engines can. A shorter field (a VARCHAR(64)) is left as it is: no length test per row.
 */
function withDigests(relations) {
    if (relations.some((relation) => !relation.compiler.md5Hex))
        return relations;
    const long = relations[0].values.map((_, i) => relations.some((relation) => {
        const column = relation.values[i];
        if (!column || column.fixed)
            return false;
        const bytes = declaredFieldBytes(column, relation.compiler.dialect);
        return bytes === undefined || bytes > DIGEST_ABOVE;
    }));
    const digested = (relation) => ({ ...relation, values: relation.values.map((column, i) => (long[i] ? { ...column, digestAbove: DIGEST_ABOVE } : column)) });
    return [digested(relations[0]), digested(relations[1])];
}
//# sourceMappingURL=row-bound.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/ordered-rows.js
/**
 * Whether a bucket scan uses the ordered row hash (sql.ts `orderedRows`: one md5 of a bucket's row
 * texts joined in key order, instead of one md5 per row summed): ranges of the leading integer key,
 * and the ranges it needs; other ranges and key-order buckets, and the most rows a bucket may hold.
 */






/** Below this many keys per range, the ordered row hash is not worth its narrower ranges. */
const MIN_ORDERED_WIDTH = 16n;
/** The ordered row hash may narrow the planned ranges at most this many times (more summaries). */
const MAX_ORDERED_NARROWING = 2n;
/**
 * The ordered row hash (sql.ts `orderedRows`) for range or key-order buckets: both engines need an
 * ordered text aggregate, and a bucket must hold few enough rows that their texts cannot reach its
 * cap, judged from the declared types: MariaDB would cut a bucket's joined texts silently, PostgreSQL
 * fail. Returns the most rows a bucket may hold (a range's keys: its width; undefined: no limit), or
 * false when the ordered row hash cannot be used.
 */
async function orderedRowsLimit(context, sides, relations) {
    const ordered = (relation) => relation.bucketing.kind === 'range' || relation.bucketing.kind === 'prefix';
    if (relations.some((relation) => !ordered(relation) || !relation.compiler.orderedMd5 || !relation.compiler.md5Hex))
        return false;
    const perSide = await Promise.all(sides.map(async (side, i) => {
        const { orderedTextCap: fixedCap } = await (0,registry/* loadChecksumHooks */.m1)(side.connection.dialect);
        const sessionCap = side.connection.textAggregateCap?.bind(side.connection);
        if (sessionCap === undefined && fixedCap === undefined)
            return undefined;
        const relation = relations[i];
        const rowBytes = maxRowTextBytes([...relation.keys, ...relation.values], side.connection.dialect);
        if (rowBytes === undefined)
            return false;
        // A server (or proxy) that will not say its cap gets the per-row sum.
        const cap = fixedCap ??
            (await sessionCap(queryOptions(context)).catch((error) => {
                if (context.signal?.aborted)
                    throw error;
                context.logger.debug(`no ordered row hash for ${side.label}: ${error.message}`);
                return 0;
            }));
        // A tenth kept back; each row adds its `;` separator.
        const rows = BigInt(Math.floor((0.9 * cap) / (rowBytes + 1)));
        return rows >= MIN_ORDERED_WIDTH ? rows : false;
    }));
    if (perSide.includes(false))
        return false;
    const limits = perSide.filter((limit) => typeof limit === 'bigint');
    return limits.length === 0 ? undefined : limits.reduce((a, b) => (b < a ? b : a));
}
/** The range width no wider than `limit`, on REFINE_SPLIT multiples as chooseBucketing makes them. */
function narrowedTo(width, limit) {
    if (limit === undefined || width <= limit)
        return width;
    return limit >= 2n * REFINE_SPLIT ? (limit / REFINE_SPLIT) * REFINE_SPLIT : limit;
}
/**
 * The relations the ordered row hash runs with (long fields digested, the planned ranges narrowed
 * where a range's texts could reach an engine's cap) and the widest range the cap allows (undefined:
 * no limit), or undefined when it cannot be used: the per-row sum then.
 * Narrower ranges only while their count stays near the planned one: each is a summary sent and
 * compared (10M rows in ranges of 48 instead of 256: 208k summaries a side, peak RSS 279 MB and no
 * faster than the per-row sum).
 */
async function orderedRanges(context, sides, relations, span) {
    const planned = relations[0].bucketing;
    if (planned.kind !== 'range')
        return undefined;
    const digested = withDigests(relations);
    const limit = await orderedRowsLimit(context, sides, digested);
    if (limit === false)
        return undefined;
    const width = narrowedTo(planned.width, limit);
    if (width * MAX_ORDERED_NARROWING < planned.width || (span.hi - span.lo) / width >= BigInt(MAX_BUCKETS))
        return undefined;
    const bucketing = { ...planned, width };
    return { relations: [{ ...digested[0], bucketing, orderedRows: true }, { ...digested[1], bucketing, orderedRows: true }], limit };
}
/** Buckets are hashed in key order only when one may hold at least this many times the rows aimed at. */
const MIN_ORDERED_ROWS_SHARE = 16;
/**
 * Sorted buckets are hashed in key order only up to this many rows (the larger side's estimate): each
 * database sorts every row's whole text, which spills to its temporary files (MariaDB materializes
 * them too), where the per-row sum groups small integers. Measured faster at 100k and 1M rows; not
 * measured beyond, so larger tables keep the per-row sum they were measured with.
 */
const MAX_SORTED_ORDERED_ROWS = 2_000_000;
/**
 * The relations that hash each bucket's rows sorted by their keys' canonical bytes (sql.ts
 * `orderingKeys`; long fields digested), with the most rows a bucket may hold (none: no limit):
 * key-order buckets, and ranges of a key column other than the leading one of an all-integer key
 * (those are ordered through the key's index: `orderedRanges`). Undefined when it cannot be used: the
 * per-row sum then. Not key-tail buckets: MariaDB's slices would have to compute every row's bucket
 * twice, and the whole measured no faster at 100k rows (2.20 → 2.17 s) and slower at 1M (18.7 → 21.8 s). Unlike a leading range's keys, a bucket's rows are not bounded in
 * advance: a bucket found holding more (`maxBucketRows`) may have been cut, and is fetched
 * whatever its checksum. One md5 per bucket instead of one per row: PostgreSQL, 100k rows keyed by
 * text, 1.24 → 0.81 s of CPU.
 */
async function orderedGroups(context, sides, relations, sizes) {
    const planned = relations[0];
    const grouped = planned.bucketing.kind === 'prefix' || (planned.bucketing.kind === 'range' && !inIndexOrder(planned));
    if (!grouped || sizes.rows > MAX_SORTED_ORDERED_ROWS || relations.some((relation) => !relation.compiler.textKeyOrder))
        return undefined;
    const rowsPerBucket = sizes.rowsPerBucket;
    const digested = withDigests(relations);
    const limit = await orderedRowsLimit(context, sides, digested);
    if (limit === false || (limit !== undefined && limit < BigInt(Math.ceil(MIN_ORDERED_ROWS_SHARE * rowsPerBucket))))
        return undefined;
    const maxBucketRows = limit === undefined ? undefined : Number(limit);
    return [
        { ...digested[0], orderedRows: true, maxBucketRows },
        { ...digested[1], orderedRows: true, maxBucketRows },
    ];
}
//# sourceMappingURL=ordered-rows.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/chunks.js
/**
 * The chunk pass of the ordered row hash (range buckets whose key is both tables' primary key): each
 * database first hashes CHUNKS of many key ranges, one aggregate per chunk read through the key's
 * index in key order, with no GROUP BY. A grouped scan sorts every row by its range before hashing (a
 * filesort in MariaDB, 1M rows of the mixed-shape table: 3.6 s grouped against 1.7 s in chunks;
 * PostgreSQL 2.0 s against 1.8 s), where a chunk's rows come in key order from the index for free.
 * Only the chunks that differ are checksummed again in the planned ranges (refine.ts), whose
 * differing ranges are then fetched as usual.
 *
 * Changes spread over the table would make every chunk differ, and the second pass re-read them all:
 * one chunk in CHUNK_SAMPLE_EVERY, spread over the table, is hashed first, and when more than
 * MOST_SAMPLED_CHUNKS_DIFFER of those differ the pass gives up for the grouped scan (about an eighth
 * of a scan spent).
 */








/** A chunk holds at most this many planned ranges (the planned width times this many keys). */
const MAX_RANGES_PER_CHUNK = 128n;
/** Below this many ranges a chunk would save too little over the grouped scan: no chunk pass. */
const MIN_RANGES_PER_CHUNK = 8n;
/** Chunks are made narrower, down to MIN_RANGES_PER_CHUNK ranges, until the table has this many. */
const MIN_CHUNKS = 64n;
/** One chunk in this many is hashed first, to see whether changes are spread over most chunks. */
const CHUNK_SAMPLE_EVERY = 8;
/** More than this share of the sampled chunks differing: the grouped scan instead. */
const MOST_SAMPLED_CHUNKS_DIFFER = 0.25;
/**
 * Chunks per query (a slice's queries run one after the other): bounds the statement's size and its
 * planning, and MariaDB's memory, which keeps each GROUP_CONCAT's text until the statement ends.
 */
const CHUNKS_PER_QUERY = 16;
/**
 * The probe says changes are spread (no chunk pass) only when its differing ranges form at least this
 * many runs: two or three may be as many clusters, which chunks handle well, and one block of changes
 * covering several neighbouring probed ranges is one run.
 */
const SPREAD_PROBE_RUNS = 4;
function ranged(relation) {
    if (relation.bucketing.kind !== 'range')
        throw new errors/* InternalError */.Gd('The chunk pass needs range buckets.');
    return relation;
}
/**
 * A chunk's width in keys (a multiple of the planned ranges' width, so the ranges nest in chunks), or
 * undefined when chunks would not pay: the engines lack an aggregate fed in key order, or the table is
 * too small for MIN_CHUNKS chunks of MIN_RANGES_PER_CHUNK ranges. `limit` is the widest range an
 * engine's text aggregate can hold (ordered-rows.ts).
 */
function chunkWidth(relations, span, limit) {
    const { lo, width } = ranged(relations[0]).bucketing;
    if (relations.some((relation) => !relation.orderedRows || !relation.compiler.joinedMd5))
        return undefined;
    const ranges = (span.hi - lo) / width + 1n;
    let perChunk = MAX_RANGES_PER_CHUNK;
    if (limit !== undefined && limit / width < perChunk)
        perChunk = limit / width;
    if (ranges / MIN_CHUNKS < perChunk)
        perChunk = ranges / MIN_CHUNKS;
    return perChunk >= MIN_RANGES_PER_CHUNK ? perChunk * width : undefined;
}
/**
 * The chunk width the pass runs with (chunkWidth), or undefined, with why in words for the plan's
 * reason when the probe (`probed`: its result at `width` keys a range) says changes are spread so
 * thinly that most chunks would differ: straight to the grouped scan then.
 */
function chunkPlan(relations, span, limit, probed) {
    const width = chunkWidth(relations, span, limit);
    const share = width && probed && probed.result.clusters >= SPREAD_PROBE_RUNS ? differingShareAt(probed.result, probed.width, width) : undefined;
    if (!width || share === undefined || share <= MOST_SAMPLED_CHUNKS_DIFFER)
        return { width, skipped: '' };
    return { width: undefined, skipped: ` (by the probe, chunks of ${(0,thousands/* thousands */.o)(width)} keys would differ ${Math.round(100 * share)} % of the time, so every range was checksummed)` };
}
/**
 * One query for `chunks` (their lowest keys, ascending, `width` keys each): per chunk its lowest key as
 * `bucket` (text), `row_count` and `checksum`, the md5 of its row texts joined in key order, ordered
 * by chunk. Each chunk is one aggregate over a subquery reading its key range in key order.
 */
function chunkScanSql(relation, chunks, width) {
    const compiler = relation.compiler;
    const q = compiler.quoteIdentifier.bind(compiler);
    const joined = compiler.joinedMd5?.bind(compiler);
    const key = relation.keys[0]?.expr;
    if (!joined || !key)
        throw new errors/* InternalError */.Gd('The chunk pass needs an integer key and an aggregate of joined texts.');
    // A composite key: its rows in the order of all its (integer) columns, the primary key's order.
    const order = orderingKeys(relation).join(', ');
    const text = rowText(relation);
    const filter = relation.filter ? `(${relation.filter}) AND ` : '';
    const branches = chunks.map((low) => {
        const rows = `SELECT ${text} AS ${q('row_text')} FROM ${relation.from} WHERE ${filter}${key} BETWEEN ${low} AND ${low + width - 1n} ORDER BY ${order}`;
        return `SELECT ${low} AS ${q('bucket_id')}, count(*) AS ${q('row_count')}, ${joined(q('row_text'))} AS ${q('checksum')} FROM ${compiler.derivedTable(rows, 'dc_rows')}`;
    });
    return (`SELECT ${compiler.normalize(q('bucket_id'), INTEGER_TEXT, { caseSensitive: true })} AS ${q('bucket')}, ${q('row_count')}, ${q('checksum')}` +
        ` FROM ${compiler.derivedTable(branches.join(' UNION ALL '), 'dc_chunks')} ORDER BY ${q('bucket_id')}`);
}
/**
 * A side's summaries of `chunks`, ordered by chunk: the chunks split into the dialect's slices run at
 * once, each slice's in queries of CHUNKS_PER_QUERY run one after the other; with `outside`, also the
 * rows beyond the chunks' keys (written while the diff runs) in the grouped form. (A key just below
 * `lo` gets the first chunk's bucket there, `%` truncating towards zero, and is then counted but not
 * fetched, as in the grouped scan.)
 */
async function* chunkSummaries(context, side, relation, chunks, outside) {
    const slices = Math.max(1, Math.min(chunks.length, parallelScans(await (0,registry/* loadChecksumHooks */.m1)(side.connection.dialect), relation)));
    const per = Math.ceil(chunks.length / slices);
    const queries = Array.from({ length: slices }, (_, i) => chunks.slice(i * per, (i + 1) * per))
        .filter((part) => part.length > 0)
        .map((part) => {
        const statements = [];
        for (let i = 0; i < part.length; i += CHUNKS_PER_QUERY)
            statements.push(chunkScanSql(relation, part.slice(i, i + CHUNKS_PER_QUERY), relation.bucketing.width));
        return statements;
    });
    const key = relation.keys[0].expr;
    // Before the first chunk and after the last, in the same slices: no more connections than the grouped
    // scan takes (two sides on one server share a pool).
    if (outside) {
        if (queries.length === 0)
            queries.push([]);
        queries[0].unshift(bucketScanSql(relation, `${key} < ${outside.below}`));
        queries[queries.length - 1].push(bucketScanSql(relation, `${key} > ${outside.above}`));
    }
    // A slice's queries read ascending chunks: one after the other, their rows stay ordered.
    yield* mergeSummaries(queries.map((statements) => streamedSummaries(context, side, statements)));
}
/**
 * The chunk pass over `relations` (ordered row hash, range buckets of the planned width) in chunks
 * `width` keys wide: the planned ranges' comparison (only the differing chunks' ranges checksummed
 * again) and the relations the fetch uses; or `spread` when the sampled chunks mostly differ.
 */
async function runChunkPass(context, sides, relations, span, width, 
/** Both sides' estimated rows: the total the progress counts towards. */
expectedRows) {
    const planned = ranged(relations[0]).bucketing;
    const chunked = relations.map((relation) => ({ ...relation, bucketing: { kind: 'range', lo: planned.lo, width } }));
    const count = Number((span.hi - planned.lo) / width) + 1;
    const ids = Array.from({ length: count }, (_, i) => planned.lo + BigInt(i) * width);
    const sampled = ids.filter((_, i) => i % CHUNK_SAMPLE_EVERY === CHUNK_SAMPLE_EVERY >> 1);
    const rest = ids.filter((_, i) => i % CHUNK_SAMPLE_EVERY !== CHUNK_SAMPLE_EVERY >> 1);
    let before = 0;
    const compare = async (chunks, outside) => {
        const compared = await compareBuckets(chunkSummaries(context, sides[0], chunked[0], chunks, outside), chunkSummaries(context, sides[1], chunked[1], chunks, outside), (rows) => context.progress('comparing', undefined, { done: before + rows, ...(expectedRows ? { total: expectedRows } : {}), unit: 'rows' }));
        before += compared.totals.source + compared.totals.target;
        return compared;
    };
    const first = sampled.length > 0 ? await compare(sampled) : undefined;
    if (first && first.differing.length > 1 && first.differing.length > MOST_SAMPLED_CHUNKS_DIFFER * sampled.length) {
        return { kind: 'spread', sampled: sampled.length, differing: first.differing.length, spent: first };
    }
    const second = await compare(rest, { below: planned.lo, above: planned.lo + BigInt(count) * width - 1n });
    const chunks = first ? combineComparisons(first, second) : second;
    const differingChunks = chunks.differing.length;
    if (differingChunks === 0) {
        return { kind: 'done', buckets: chunks, relations: [relations[0], relations[1]], chunks: count, differingChunks };
    }
    const refined = await refineRanges(context, chunked, chunks, planned.width);
    return { kind: 'done', ...refined, chunks: count, differingChunks };
}
//# sourceMappingURL=chunks.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/checksum-diff.js
/**
 * The checksum diff (sides on different connections): push the work into the databases and move only
 * what differs.
 *
 * 1. Size: N buckets from the tables' row estimates (catalog statistics, no scan), ~256 rows each.
 * 2. One `GROUP BY bucket` scan per side, both at once: per bucket count + sum of md5-as-integer of
 *    the canonical row text (sql.ts). The two bucket-ordered results are merged as they stream in.
 *    With the ordered row hash and primary keys, chunks of many ranges are hashed first, and only the
 *    differing chunks range by range (chunks.ts).
 * 3. Buckets equal on both sides: all their rows match. The rows of the differing buckets are read
 *    (both sides at once, ordered by key) and diffed by the streaming merge itself, so stats, samples
 *    and per-column counts come out exactly as the streaming merge would give them.
 *
 * Falls back to the streaming merge (and says why in the plan) when it would not be cheaper or could
 * not be exact: keys that may repeat and do (a checksum cannot see a key duplicated equally on both
 * sides), or most rows in differing buckets. Tolerance and float/JSON columns never come here (the
 * planner sends them to the streaming merge: their equality is not a byte equality of SQL text).
 */
















/** Below this many rows (the larger side), streaming both sides is as cheap as anything. */
const SMALL_TABLE_ROWS = 50_000;
/**
 * The refining pass pays only where moving rows is dear: on a link whose round trip (`SELECT 1`) takes
 * at least this long. On a local or LAN link fetching the rows of the wide ranges is cheaper than
 * checksumming them again (measured, 1M rows, 128k rows in 1,000 differing ranges: fetched in 0.51 s,
 * refined then fetched in 0.84 s).
 */
const SLOW_LINK_MS = 5;
/** When more than this share of the rows is in differing buckets, re-reading them costs more than streaming. */
const MOST_ROWS_DIFFER = 0.5;
const DEFAULT_TUNING = {
    smallTableRows: SMALL_TABLE_ROWS,
    mostRowsDiffer: MOST_ROWS_DIFFER,
    rowsPerBucket: ROWS_PER_BUCKET,
    smallTableRowsPerBucket: SMALL_TABLE_ROWS_PER_BUCKET,
    minRowsToSplitHashScan: MIN_ROWS_TO_SPLIT_HASH_SCAN,
    refineAboveRows: 10_000,
    refineOnRoundTripMs: SLOW_LINK_MS,
};
/**
 * The slower side's round trip for a trivial query, in milliseconds: the fastest of three, since the
 * first may open a pooled connection (and PostgreSQL's wraps each query in a read-only transaction).
 */
async function roundTripMs(context, sides) {
    const time = async (side) => {
        let fastest = Number.POSITIVE_INFINITY;
        for (let i = 0; i < 3; i++) {
            const started = performance.now();
            await side.connection.query('SELECT 1', [], queryOptions(context));
            fastest = Math.min(fastest, performance.now() - started);
        }
        return fastest;
    };
    const [source, target] = await Promise.all(sides.map(time));
    return Math.max(source ?? 0, target ?? 0);
}
/** The statistics' row count of a side's table, or its exact count(*) when there is no estimate. */
async function estimateRows(context, side, relation) {
    if (side.definition.dataset && !side.definition.filter) {
        const hooks = await (0,registry/* loadChecksumHooks */.m1)(side.connection.dialect);
        const query = hooks.estimatedRowsQuery(side.definition.dataset);
        if (query) {
            // Statistics are a shortcut only: when they cannot be read, count.
            // The engine's own statistics query, the table's name a parameter.
            const rows = await side.connection.query(query.sql, query.params, { ...queryOptions(context), catalog: true }).catch((error) => {
                if (context.signal?.aborted)
                    throw error;
                context.logger.debug(`no row estimate for ${side.label}: ${error.message}`);
                return [];
            });
            const estimate = Number(rows[0]?.estimate ?? Number.NaN);
            if (Number.isFinite(estimate) && estimate > 0)
                return estimate;
        }
    }
    // No estimate: this scan counts, and reads what would otherwise take scans of their own (a slow view,
    // a filter without an index): the key range of a single integer key (range buckets), and whether a
    // key not declared unique repeats (the duplicate-keys query then runs only when one does).
    const keyRange = integerKeyed(context.resolved) && !side.definition.query;
    const distinctKeys = context.resolved.keys.length === 1 && !keyIsDeclaredUnique(context, side);
    const [row] = await side.connection.query(rowCountSql(relation, { keyRange, distinctKeys }), [], queryOptions(context));
    if (keyRange)
        rememberKeyRange(side, row);
    if (distinctKeys && row?.nk !== undefined && row.nk !== null && Number(row.nk) === Number(row.dk))
        keysKnownUnique.add(side);
    return Number(row?.n ?? 0);
}
/** Sides whose count scan found no repeated key (rowCountSql's `nk` = `dk`). */
const keysKnownUnique = new WeakSet();
/** True when the side's key is its declared primary key, so no canonical key can repeat. */
function keyIsDeclaredUnique(context, side) {
    const declared = side.schema.primaryKey.map((name) => name.toLowerCase());
    const keys = context.resolved.keys;
    if (declared.length === 0 || declared.length !== keys.length)
        return false;
    return keys.every((pair) => {
        const own = side.role === 'source' ? pair.sourceType : pair.targetType;
        // A key truncated to a lower precision (timestamps) could make two declared-unique keys equal.
        const truncated = own.precision !== undefined && pair.normalize.precision !== undefined && pair.normalize.precision < own.precision;
        return declared.includes(own.name.toLowerCase()) && !truncated;
    });
}
/**
 * True when the key is the side's declared primary key with its columns in the same order: MariaDB
 * then keeps the rows in key order (its clustered index), and a range of the first column is read
 * through that index; the chunk pass needs both.
 */
function keyIsPrimaryKeyInOrder(context, side) {
    if (!keyIsDeclaredUnique(context, side))
        return false;
    const own = context.resolved.keys.map((pair) => (side.role === 'source' ? pair.sourceType : pair.targetType).name.toLowerCase());
    return side.schema.primaryKey.every((name, i) => name.toLowerCase() === own[i]);
}
async function duplicateKeys(context, side, relation) {
    if (keyIsDeclaredUnique(context, side) || keysKnownUnique.has(side))
        return 0;
    const rows = await side.connection.query(duplicateKeysSql(relation), [], queryOptions(context));
    return Number(rows[0]?.duplicate_keys ?? 0);
}
async function fallBack(context, reason, spent, phases = {}) {
    context.logger.debug(`${context.definition.name}: ${reason}`);
    const started = performance.now();
    const outcome = await runStreamMerge(context);
    const streamed = { ...phases, stream: Math.round(performance.now() - started) };
    if (spent) {
        outcome.sent.source.rows_sent += spent.summaries.source;
        outcome.sent.source.bytes_sent += spent.bytes.source;
        outcome.sent.target.rows_sent += spent.summaries.target;
        outcome.sent.target.bytes_sent += spent.bytes.target;
    }
    return { ...outcome, replanned: { kind: 'stream', reason }, phases: streamed };
}
/** How the probe narrowed the planned ranges, in words (empty when it did not). */
function narrowedBy(probe, planned, bucketing) {
    if (!probe || bucketing.kind !== 'range' || planned.kind !== 'range' || bucketing.width >= planned.width)
        return '';
    return ` (a probe of ${probe.probed} ranges of ${(0,thousands/* thousands */.o)(planned.width)} found ${probe.differing} differing, so the ranges were narrowed to ${(0,thousands/* thousands */.o)(bucketing.width)})`;
}
/** The probe (probe.ts) for range buckets over enough buckets to be worth it; undefined when not run. */
async function probeFirst(context, sides, relations, span) {
    const bucketing = relations[0].bucketing;
    if (bucketing.kind !== 'range')
        return undefined;
    const count = Number((span.hi - bucketing.lo) / bucketing.width) + 1;
    if (count < 4 * PROBE_BUCKETS)
        return undefined;
    const starts = probeBuckets(bucketing.lo, bucketing.width, count);
    context.progress('comparing', `checksumming ${starts.length} key ranges spread over the table first`);
    const probe = await probeRanges(context, sides, relations, starts);
    return probe.probed > 0 ? probe : undefined;
}
async function runChecksumDiff(context, tuning = DEFAULT_TUNING) {
    const { source, target, resolved } = context;
    const unsized = { kind: 'hash', buckets: 1 };
    const typing = dynamicTyping(source, target);
    let sourceRelation = checksumRelation(source, resolved, unsized, typing);
    let targetRelation = checksumRelation(target, resolved, unsized, typing);
    const keyNames = resolved.keys.map((key) => key.source);
    const phases = {};
    let mark = performance.now();
    const lap = (phase) => {
        const now = performance.now();
        phases[phase] = Math.round((phases[phase] ?? 0) + now - mark);
        mark = now;
    };
    context.progress('counting', 'estimating the row counts (catalog statistics, or count(*) where there are none)');
    const [sourceRows, targetRows] = await Promise.all([estimateRows(context, source, sourceRelation), estimateRows(context, target, targetRelation)]);
    const rows = Math.max(sourceRows, targetRows);
    lap('estimate');
    if (rows < tuning.smallTableRows) {
        return fallBack(context, `The sides are on different connections and small (about ${(0,thousands/* thousands */.o)(rows)} rows), so both are streamed ordered by key and merged: cheaper than checksums.`, undefined, phases);
    }
    // From here both sides' queries run at once; a failure on one stops the other's instead of waiting for it.
    const failure = (0,abort/* linkedAbort */.A6)(context.signal);
    const local = { ...context, signal: failure.signal };
    // The first error is the one reported: the others are the queries it stopped.
    let firstError;
    const fail = (error) => {
        firstError ??= { error };
        failure.abort(error);
    };
    const options = (rows, span, sample) => ({ span, rows, sample, minRowsToSplitHashScan: tuning.minRowsToSplitHashScan });
    const first = await (async () => {
        const rowsPerBucket = rowsPerBucketFor(rows, tuning.rowsPerBucket, tuning.smallTableRowsPerBucket);
        const chosen = await chooseBucketing(local, [sourceRelation, targetRelation], [sourceRows, targetRows], rowsPerBucket, tuning.pageSampleRows ?? PAGE_SAMPLE_ROWS);
        const span = chosen.span;
        sourceRelation = { ...sourceRelation, bucketing: chosen.bucketing };
        targetRelation = { ...targetRelation, bucketing: chosen.bucketing };
        // The ordered row hash orders a range's rows by the key, alike on every engine only when it is all integers.
        const inKeyOrder = rangeOnLeadingKey(chosen.bucketing) && integerKeyColumns(resolved).length === resolved.keys.length;
        const orderedHash = tuning.orderedRows === false || !span || !inKeyOrder ? undefined : await orderedRanges(local, [source, target], [sourceRelation, targetRelation], span);
        if (orderedHash) {
            [sourceRelation, targetRelation] = orderedHash.relations;
            chosen.bucketing = sourceRelation.bucketing;
        }
        // Other buckets sort their rows by the keys' bytes, alike on every engine.
        const grouped = orderedHash || tuning.orderedRows === false ? undefined : await orderedGroups(local, [source, target], [sourceRelation, targetRelation], { rows, rowsPerBucket });
        if (grouped)
            [sourceRelation, targetRelation] = grouped;
        // Probed ranges are read through the key's index: ranges of a later key column would cost a scan each.
        const probe = rangeOnLeadingKey(chosen.bucketing) && span && tuning.mostRowsDiffer < 1 ? await probeFirst(local, [source, target], [sourceRelation, targetRelation], span) : undefined;
        if (probe)
            lap('probe');
        if (probe && probe.differing > tuning.mostRowsDiffer * probe.probed)
            return { probe };
        // The probe's share of differing ranges sizes the ranges, so that few of them differ.
        const bucketing = probe && span && chosen.bucketing.kind === 'range' ? { ...chosen.bucketing, width: widthForProbe(chosen.bucketing.width, span, probe) } : chosen.bucketing;
        sourceRelation = { ...sourceRelation, bucketing };
        targetRelation = { ...targetRelation, bucketing };
        // The chunk pass reads each chunk through the key's index in key order: both keys must be the tables' primary keys.
        const probed = probe && chosen.bucketing.kind === 'range' ? { result: probe, width: chosen.bucketing.width } : undefined;
        const plan = orderedHash && span && tuning.chunks !== false && keyIsPrimaryKeyInOrder(local, source) && keyIsPrimaryKeyInOrder(local, target)
            ? chunkPlan([sourceRelation, targetRelation], span, orderedHash.limit, probed)
            : { width: undefined, skipped: '' };
        const chunkKeys = plan.width;
        let spread = plan.skipped;
        let chunkSample;
        if (chunkKeys && span) {
            lap('buckets');
            context.progress('comparing', `checksumming both sides in chunks of ${(0,thousands/* thousands */.o)(chunkKeys)} keys`, { done: 0, total: sourceRows + targetRows, unit: 'rows' });
            const pass = await runChunkPass(local, [source, target], [sourceRelation, targetRelation], span, chunkKeys, sourceRows + targetRows);
            if (pass.kind === 'done') {
                [sourceRelation, targetRelation] = pass.relations;
                lap('checksum_scan');
                const again = pass.differingChunks === 0 ? '' : `, then the ${(0,thousands/* thousands */.o)(pass.differingChunks)} differing chunks again in ${bucketsInWords(bucketing, keyNames)}`;
                return {
                    how: `chunks of ${(0,thousands/* thousands */.o)(chunkKeys)} keys (each chunk's rows hashed as one text, read in key order through the key's index)${narrowedBy(probe, chosen.bucketing, bucketing)}${again}`,
                    scanned: pass.chunks,
                    buckets: pass.buckets,
                    sourceDuplicates: 0,
                    targetDuplicates: 0,
                };
            }
            lap('chunk_sample');
            chunkSample = pass.spent;
            spread = ` (${pass.differing} of the ${pass.sampled} chunks of ${(0,thousands/* thousands */.o)(chunkKeys)} keys hashed first differed, so the changes are spread and every range was checksummed)`;
        }
        const [sourceSlices, targetSlices] = await Promise.all([
            sideSlices(local, source, sourceRelation, options(sourceRows, span, chosen.sample)),
            sideSlices(local, target, targetRelation, options(targetRows, span, chosen.sample)),
        ]);
        lap('buckets');
        const narrowed = narrowedBy(probe, chosen.bucketing, bucketing);
        context.progress('comparing', `checksumming both sides in ${bucketsInWords(bucketing, keyNames)}`, { done: 0, total: sourceRows + targetRows, unit: 'rows' });
        const [scannedBuckets, sourceDuplicates, targetDuplicates] = await Promise.all([
            compareBuckets(scanSummaries(local, source, sourceRelation, sourceSlices), scanSummaries(local, target, targetRelation, targetSlices), (done) => context.progress('comparing', undefined, { done, total: sourceRows + targetRows, unit: 'rows' })),
            duplicateKeys(local, source, sourceRelation),
            duplicateKeys(local, target, targetRelation),
        ]);
        lap('checksum_scan');
        // The sampled chunks' summaries were sent too (their rows are all in the grouped scan's ranges).
        const buckets = chunkSample ? { ...scannedBuckets, summaries: addSides(scannedBuckets.summaries, chunkSample.summaries), bytes: addSides(scannedBuckets.bytes, chunkSample.bytes) } : scannedBuckets;
        // What the scan's SQL did (sql.ts `orderingKeys`): ranges read in index order, or rows sorted by the keys' bytes.
        const ordered = !sourceRelation.orderedRows ? '' : inIndexOrder(sourceRelation) ? ", each range's rows hashed as one text in key order" : ", each bucket's rows hashed as one text in the order of the keys' bytes";
        const scanned = Math.max(scannedBuckets.summaries.source, scannedBuckets.summaries.target);
        return { how: `${bucketsInWords(bucketing, keyNames)}${narrowed}${ordered}${spread}`, scanned, buckets, sourceDuplicates, targetDuplicates };
    })().catch(async (error) => {
        fail(error);
        throw firstError?.error ?? error;
    });
    if (first.probe) {
        const { probed, differing } = first.probe;
        return fallBack(context, `The checksums of ${probed} key ranges spread over the table differ in ${differing}, so the changes are spread over most rows: both sides are streamed ordered by key and merged instead of checksummed.`, undefined, phases);
    }
    const { how, sourceDuplicates, targetDuplicates } = first;
    let buckets = first.buckets;
    if (sourceDuplicates + targetDuplicates > 0) {
        return fallBack(context, `The key (${resolved.keys.map((k) => k.source).join(', ')}) repeats (${sourceDuplicates} duplicated in the source, ${targetDuplicates} in the target), which checksums cannot see exactly, so both sides are streamed ordered by key and merged.`, buckets, phases);
    }
    const differingRows = buckets.differingRows.source + buckets.differingRows.target;
    if (differingRows > tuning.mostRowsDiffer * (buckets.totals.source + buckets.totals.target)) {
        return fallBack(context, `The checksums differ in ${(0,thousands/* thousands */.o)(buckets.differing.length)} of ${(0,thousands/* thousands */.o)(first.scanned)} buckets holding most rows, so both sides are streamed ordered by key and merged instead of fetching them.`, buckets, phases);
    }
    const scanned = first.scanned;
    let refined = '';
    const coarseBucketing = sourceRelation.bucketing;
    // Only through the key's index (with more ranges the second pass would scan the whole table again),
    // and only where moving rows costs more than checksumming them again: a slow link.
    const worthRefining = coarseBucketing.kind === 'range' &&
        rangeOnLeadingKey(coarseBucketing) &&
        buckets.differing.length <= MAX_KEY_RANGES &&
        coarseBucketing.width >= 2n * REFINE_SPLIT &&
        differingRows > (tuning.refineAboveRows ?? Number.POSITIVE_INFINITY);
    const link = worthRefining ? await roundTripMs(local, [source, target]) : 0;
    if (worthRefining && link >= (tuning.refineOnRoundTripMs ?? SLOW_LINK_MS)) {
        context.progress('comparing', `checksumming the ${buckets.differing.length} differing key ranges again in ranges ${REFINE_SPLIT} times narrower`, { done: 0, total: differingRows, unit: 'rows' });
        const coarse = buckets;
        const narrow = await refineRanges(local, [sourceRelation, targetRelation], coarse, coarseBucketing.width / REFINE_SPLIT, (done) => context.progress('comparing', undefined, { done, total: differingRows, unit: 'rows' }));
        [sourceRelation, targetRelation] = narrow.relations;
        buckets = narrow.buckets;
        refined = `; the link answers in ${link.toFixed(0)} ms, so the ${(0,thousands/* thousands */.o)((coarse.differingRows.source + coarse.differingRows.target))} rows of its ${(0,thousands/* thousands */.o)(coarse.differing.length)} differing ranges were checksummed again in ranges of ${(0,thousands/* thousands */.o)((coarseBucketing.width / REFINE_SPLIT))}`;
        lap('refine_scan');
    }
    const reason = `The sides are on different connections, so each database checksummed its rows in ${(0,thousands/* thousands */.o)(scanned)} ${how}${refined}` +
        (buckets.differing.length === 0
            ? '; all buckets are equal.'
            : `; only the ${(0,thousands/* thousands */.o)((buckets.differingRows.source + buckets.differingRows.target))} rows of the ${(0,thousands/* thousands */.o)(buckets.differing.length)} differing buckets were fetched and merged.`);
    let outcome;
    if (buckets.differing.length === 0) {
        outcome = {
            stats: {
                source_rows: 0,
                target_rows: 0,
                matched_rows: 0,
                mismatched_rows: 0,
                only_in_source: 0,
                only_in_target: 0,
                duplicate_keys_source: 0,
                duplicate_keys_target: 0,
                null_keys_source: 0,
                null_keys_target: 0,
            },
            columnMismatches: resolved.columns.map(() => 0),
            samples: [],
            duplicates: { source: [], target: [] },
            sent: { source: { rows_sent: 0, bytes_sent: 0 }, target: { rows_sent: 0, bytes_sent: 0 } },
        };
    }
    else {
        context.progress('fetching-diff', `fetching the rows of ${buckets.differing.length} differing buckets`);
        // Over a slow link (refined ranges) each query is a round trip: narrow ranges go more to a query.
        const perQuery = refined && sourceRelation.bucketing.kind === 'range' ? rangesPerSlowQuery(sourceRelation.bucketing.width) : RANGES_PER_QUERY;
        outcome = await runStreamMerge(context, {
            source: bucketConditions(sourceRelation, buckets.differing, buckets.keyRanges.source, perQuery),
            target: bucketConditions(targetRelation, buckets.differing, buckets.keyRanges.target, perQuery),
        }, { phase: 'fetching-diff', totalRows: buckets.differingRows.source + buckets.differingRows.target });
    }
    lap('fetch_diff');
    // The fetched rows are exactly the non-NULL-key rows of the differing buckets; add everything else.
    const stats = outcome.stats;
    stats.source_rows = buckets.totals.source;
    stats.target_rows = buckets.totals.target;
    stats.matched_rows += buckets.matchedRows;
    stats.null_keys_source = buckets.nullKeys.source;
    stats.null_keys_target = buckets.nullKeys.target;
    outcome.sent.source.rows_sent += buckets.summaries.source;
    outcome.sent.source.bytes_sent += buckets.bytes.source;
    outcome.sent.target.rows_sent += buckets.summaries.target;
    outcome.sent.target.bytes_sent += buckets.bytes.target;
    return { ...outcome, replanned: { kind: 'checksum', reason }, phases };
}
//# sourceMappingURL=checksum-diff.js.map
;// CONCATENATED MODULE: ./build/src/engine/join-diff-sql.js


/**
 * The fast path: both sides are tables whose declared primary key is the comparison's key (so keys
 * are unique and never NULL: no multiplicity window, no NULL-key scan) and every key is an integer
 * or a text on both sides, so the join runs on the raw key columns and uses their indexes instead of
 * joining materialised canonical texts (MariaDB, 1M rows: 11 s instead of 227 s). For text keys the
 * raw equality (which follows the collation: case-insensitive in MySQL) is refined by the bytewise
 * equality of the canonical texts, so 'a' never pairs with 'A' or 'a '.
 */
/** Key families whose raw equality (refined bytewise for text) is exactly canonical equality. */
const INDEX_FAMILIES = new Set(['integer', 'text']);
function canUseKeyIndexes(source, target, resolved) {
    const declared = (side, names) => {
        if (side.definition.query)
            return false;
        const pk = side.schema.primaryKey.map((n) => n.toLowerCase()).sort();
        const keys = names.map((n) => n.toLowerCase()).sort();
        return pk.length > 0 && pk.length === keys.length && pk.every((n, i) => n === keys[i]);
    };
    // SQLite: a PRIMARY KEY other than the rowid accepts NULL, more than once, unless NOT NULL.
    if (source.schema.primaryKeyNullable || target.schema.primaryKeyNullable)
        return false;
    return (resolved.keys.length > 0 &&
        resolved.keys.every((k) => INDEX_FAMILIES.has(k.family) && k.sourceType.family === k.family && k.targetType.family === k.family) &&
        declared(source, resolved.keys.map((k) => k.source)) &&
        declared(target, resolved.keys.map((k) => k.target)));
}
function buildJoinDiffSql(source, target, resolved, maxDiffRows) {
    if (canUseKeyIndexes(source, target, resolved))
        return buildKeyIndexJoinSql(source, target, resolved, maxDiffRows);
    if (!source.connection.compiler.supportsFullOuterJoin)
        return buildGroupedSql(source, target, resolved, maxDiffRows);
    const c = source.connection.compiler;
    const q = (name) => c.quoteIdentifier(name);
    const sourceSelect = sideSelect(source, resolved, 'b');
    const targetSelect = sideSelect(target, resolved, 'b');
    const keyAliases = sourceSelect.keys.map((k) => k.alias);
    const sideCte = (select, side) => `SELECT ${selectItems(select).map((item) => `${item.sql} AS ${q(item.alias)}`).join(', ')} ${fromClause(side, 'b')}`;
    const notNullKeys = (alias) => keyAliases.map((k) => `${alias}.${q(k)} IS NOT NULL`).join(' AND ');
    const anyNullKey = keyAliases.map((k) => `${q(k)} IS NULL`).join(' OR ');
    const partition = keyAliases.map(q).join(', ');
    const withMultiplicity = (from) => `SELECT ${from}.*, COUNT(*) OVER (PARTITION BY ${partition}) AS ${q('n')} FROM ${from} WHERE ${notNullKeys(from)}`;
    const joined = [
        ...keyAliases.flatMap((k) => [`dc_sn.${q(k)} AS ${q(`s${k}`)}`, `dc_tn.${q(k)} AS ${q(`t${k}`)}`]),
        `dc_sn.${q('n')} AS ${q('sn_n')}`,
        `dc_tn.${q('n')} AS ${q('tn_n')}`,
        ...sourceSelect.values.flatMap((v, j) => [
            `dc_sn.${q(v.alias)} AS ${q(`s${v.alias}`)}`,
            `dc_tn.${q(v.alias)} AS ${q(`t${v.alias}`)}`,
            ...(sourceSelect.shown[j] ? [`dc_sn.${q(`w${j}`)} AS ${q(`sw${j}`)}`] : []),
            ...(targetSelect.shown[j] ? [`dc_tn.${q(`w${j}`)} AS ${q(`tw${j}`)}`] : []),
        ]),
    ];
    const on = keyAliases.map((k) => `dc_sn.${q(k)} = dc_tn.${q(k)}`).join(' AND ');
    const firstKey = q(keyAliases[0] ?? 'k0');
    const join = c.supportsFullOuterJoin
        ? `SELECT ${joined.join(', ')} FROM dc_sn FULL OUTER JOIN dc_tn ON ${on}`
        : `SELECT ${joined.join(', ')} FROM dc_sn LEFT JOIN dc_tn ON ${on}
       UNION ALL SELECT ${joined.join(', ')} FROM dc_tn LEFT JOIN dc_sn ON ${on} WHERE dc_sn.${firstKey} IS NULL`;
    const ctes = [
        `dc_s AS (${sideCte(sourceSelect, source)})`,
        `dc_t AS (${sideCte(targetSelect, target)})`,
        `dc_sn AS (${withMultiplicity('dc_s')})`,
        `dc_tn AS (${withMultiplicity('dc_t')})`,
        `dc_j AS (${join})`,
    ];
    const duplicateCount = (from) => `(SELECT COUNT(*) FROM (SELECT ${partition} FROM ${from} WHERE ${q('n')} > 1 GROUP BY ${partition}) AS x)`;
    const counts = {
        source_rows: '(SELECT COUNT(*) FROM dc_s)',
        target_rows: '(SELECT COUNT(*) FROM dc_t)',
        null_keys_source: `(SELECT COUNT(*) FROM dc_s WHERE ${anyNullKey})`,
        null_keys_target: `(SELECT COUNT(*) FROM dc_t WHERE ${anyNullKey})`,
        duplicate_keys_source: duplicateCount('dc_sn'),
        duplicate_keys_target: duplicateCount('dc_tn'),
    };
    const duplicateOrder = resolved.keys
        .map((pair, i) => (pair.family === 'integer' ? c.textToNumber(q(`k${i}`)) : c.binaryText(q(`k${i}`))))
        .join(', ');
    const duplicates = (from) => `WITH ${ctes.join(',\n')}\nSELECT ${partition}, MAX(${q('n')}) AS ${q('n')} FROM ${from} WHERE ${q('n')} > 1 GROUP BY ${partition} ORDER BY ${duplicateOrder} ${c.limit(5)}`;
    return { passes: 'two', ...twoPasses(classified(c, resolved, ctes), counts, maxDiffRows), duplicates: { source: duplicates('dc_sn'), target: duplicates('dc_tn') } };
}
/**
 * The cheap first test of column j (`SqlCompiler.sameValue`) on raw columns `a` and `b`, where both
 * sides declare the same type and nothing is compared with a tolerance; undefined elsewhere.
 */
function sameValueTest(c, pair, a, b) {
    if (pair.tolerance !== undefined || pair.sourceType.family !== pair.family || pair.targetType.family !== pair.family)
        return undefined;
    if (pair.sourceType.type.toLowerCase() !== pair.targetType.type.toLowerCase())
        return undefined;
    return c.sameValue(a, b, { ...pair.sourceType, family: pair.family });
}
/** The key-index fast path (see canUseKeyIndexes): the same columns as the general chain's `dc_j`. */
function buildKeyIndexJoinSql(source, target, resolved, maxDiffRows) {
    const c = source.connection.compiler;
    const q = (name) => c.quoteIdentifier(name);
    const sourceSelect = sideSelect(source, resolved, 's');
    const targetSelect = sideSelect(target, resolved, 't');
    const raw = (side, alias, i) => {
        const pair = resolved.keys[i];
        return columnRef(side, alias, (side.role === 'source' ? pair?.source : pair?.target) ?? '');
    };
    const present = (side, alias) => `CASE WHEN ${raw(side, alias, 0)} IS NULL THEN NULL ELSE 1 END`;
    // Raw values for the cheap first test: the canonical texts are computed only for the rows it does not settle.
    const same = resolved.columns.map((pair, j) => sameValueTest(c, pair, q(`sr${j}`), q(`tr${j}`)));
    const joined = [
        ...sourceSelect.keys.flatMap((k, i) => [`${k.sql} AS ${q(`s${k.alias}`)}`, `${targetSelect.keys[i]?.sql} AS ${q(`t${k.alias}`)}`]),
        `${present(source, 's')} AS ${q('sn_n')}`,
        `${present(target, 't')} AS ${q('tn_n')}`,
        ...sourceSelect.values.flatMap((v, j) => [
            `${v.sql} AS ${q(`s${v.alias}`)}`,
            `${targetSelect.values[j]?.sql} AS ${q(`t${v.alias}`)}`,
            ...(sourceSelect.shown[j] ? [`${sourceSelect.shown[j]?.sql} AS ${q(`sw${j}`)}`] : []),
            ...(targetSelect.shown[j] ? [`${targetSelect.shown[j]?.sql} AS ${q(`tw${j}`)}`] : []),
        ]),
        ...resolved.columns.flatMap((pair, j) => same[j] ? [`${columnRef(source, 's', pair.source)} AS ${q(`sr${j}`)}`, `${columnRef(target, 't', pair.target)} AS ${q(`tr${j}`)}`] : []),
    ];
    const on = resolved.keys
        .map((pair, i) => {
        const equal = `${raw(source, 's', i)} = ${raw(target, 't', i)}`;
        if (pair.family !== 'text')
            return equal;
        return `${equal} AND ${c.binaryText(sourceSelect.keys[i]?.sql ?? '')} = ${c.binaryText(targetSelect.keys[i]?.sql ?? '')}`;
    })
        .join(' AND ');
    const from = (side, alias) => `(SELECT * ${fromClause(side, 'b')}) AS ${q(alias)}`;
    const join = c.supportsFullOuterJoin
        ? `SELECT ${joined.join(', ')} FROM ${from(source, 's')} FULL OUTER JOIN ${from(target, 't')} ON ${on}`
        : `SELECT ${joined.join(', ')} FROM ${from(source, 's')} LEFT JOIN ${from(target, 't')} ON ${on}
       UNION ALL SELECT ${joined.join(', ')} FROM ${from(target, 't')} LEFT JOIN ${from(source, 's')} ON ${on} WHERE ${raw(source, 's', 0)} IS NULL`;
    const counts = {
        source_rows: `(SELECT COUNT(*) ${fromClause(source, 'b')})`,
        target_rows: `(SELECT COUNT(*) ${fromClause(target, 'b')})`,
    };
    // The raw values stay inside the query (SQLite cannot hand an integer beyond 2^53 to JavaScript).
    const returned = [
        ...sourceSelect.keys.flatMap((k) => [`s${k.alias}`, `t${k.alias}`]),
        'sn_n',
        'tn_n',
        ...sourceSelect.values.flatMap((v, j) => [`s${v.alias}`, `t${v.alias}`, ...(sourceSelect.shown[j] ? [`sw${j}`] : []), ...(targetSelect.shown[j] ? [`tw${j}`] : [])]),
    ];
    return { passes: 'one', query: onePass(classified(c, resolved, [`dc_j AS (${join})`], undefined, same), counts, maxDiffRows, returned) };
}
/**
 * MySQL/MariaDB without usable key indexes: no FULL JOIN, and every reference to a CTE is computed
 * again, so the LEFT JOIN + anti-join over materialised canonical sides scans each side many times
 * (minutes on 1M rows). Instead both sides are stacked (UNION ALL, tagged by side) and grouped by
 * the canonical key, once: a group holds a key's row count per side (duplicates: > 1) and, when it
 * has one row per side, both rows' values. All counts come from that single pass. Same classes and
 * columns as the join (`dc_j`), plus a `null` class for groups whose key has a NULL.
 */
function buildGroupedSql(source, target, resolved, maxDiffRows) {
    const c = source.connection.compiler;
    const q = (name) => c.quoteIdentifier(name);
    const sourceSelect = sideSelect(source, resolved, 'b');
    const targetSelect = sideSelect(target, resolved, 'b');
    const keyAliases = sourceSelect.keys.map((k) => k.alias);
    const hasShown = resolved.columns.map((_, j) => sourceSelect.shown[j] !== undefined || targetSelect.shown[j] !== undefined);
    const stacked = (select, side, mark) => {
        const items = [
            ...select.keys.map((k) => `${k.sql} AS ${q(k.alias)}`),
            ...select.values.map((v) => `${v.sql} AS ${q(v.alias)}`).concat(resolved.columns.flatMap((_, j) => (hasShown[j] ? [`${select.shown[j]?.sql ?? select.values[j]?.sql} AS ${q(`w${j}`)}`] : []))),
            `${mark[0]} AS ${q('sd')}`,
            `${mark[1]} AS ${q('td')}`,
        ];
        return `SELECT ${items.join(', ')} ${fromClause(side, 'b')}`;
    };
    const keys = keyAliases.map(q).join(', ');
    const pick = (flag, column, alias) => `MIN(CASE WHEN ${q(flag)} = 1 THEN ${q(column)} END) AS ${q(alias)}`;
    const grouped = [
        keys,
        `SUM(${q('sd')}) AS ${q('sn_n')}`,
        `SUM(${q('td')}) AS ${q('tn_n')}`,
        ...resolved.columns.flatMap((_, j) => [
            pick('sd', `v${j}`, `sv${j}`),
            pick('td', `v${j}`, `tv${j}`),
            ...(hasShown[j] ? [pick('sd', `w${j}`, `sw${j}`), pick('td', `w${j}`, `tw${j}`)] : []),
        ]),
    ];
    const joined = [
        'dc_g.*',
        ...keyAliases.flatMap((k) => [
            `CASE WHEN ${q('sn_n')} > 0 THEN ${q(k)} END AS ${q(`s${k}`)}`,
            `CASE WHEN ${q('tn_n')} > 0 THEN ${q(k)} END AS ${q(`t${k}`)}`,
        ]),
    ];
    const anyNullKey = keyAliases.map((k) => `${q(k)} IS NULL`).join(' OR ');
    const chain = [
        `dc_u AS (${stacked(sourceSelect, source, [1, 0])} UNION ALL ${stacked(targetSelect, target, [0, 1])})`,
        `dc_g AS (SELECT ${grouped.join(', ')} FROM dc_u GROUP BY ${keys})`,
        `dc_j AS (SELECT ${joined.join(', ')} FROM dc_g)`,
    ];
    const sum = (condition, value) => `COALESCE(SUM(CASE WHEN ${condition} THEN ${value} ELSE 0 END), 0)`;
    const counts = {
        source_rows: `COALESCE(SUM(${q('sn_n')}), 0)`,
        target_rows: `COALESCE(SUM(${q('tn_n')}), 0)`,
        null_keys_source: sum(`cls = 'null'`, q('sn_n')),
        null_keys_target: sum(`cls = 'null'`, q('tn_n')),
        duplicate_keys_source: sum(`cls <> 'null' AND ${q('sn_n')} > 1`, '1'),
        duplicate_keys_target: sum(`cls <> 'null' AND ${q('tn_n')} > 1`, '1'),
    };
    const duplicateOrder = resolved.keys
        .map((pair, i) => (pair.family === 'integer' ? c.textToNumber(q(`k${i}`)) : c.binaryText(q(`k${i}`))))
        .join(', ');
    const duplicates = (count) => `WITH ${chain.slice(0, 2).join(',\n')}\nSELECT ${keys}, ${q(count)} AS ${q('n')} FROM dc_g WHERE NOT (${anyNullKey}) AND ${q(count)} > 1 ORDER BY ${duplicateOrder} ${c.limit(5)}`;
    return { passes: 'two', ...twoPasses(classified(c, resolved, chain, anyNullKey), counts, maxDiffRows), duplicates: { source: duplicates('sn_n'), target: duplicates('tn_n') } };
}
/**
 * Classes and per-column flags (`dc_c`). `nullKey` marks rows of the `null` class (keys with a NULL),
 * when `dc_j` holds them; `same[j]`, a cheap test on raw columns that settles equal values first.
 */
function classified(c, resolved, chain, nullKey, same) {
    const q = (name) => c.quoteIdentifier(name);
    const keyAliases = resolved.keys.map((_, i) => `k${i}`);
    const flags = resolved.columns.map((pair, j) => {
        const a = q(`sv${j}`);
        const b = q(`tv${j}`);
        if (pair.tolerance !== undefined) {
            // The same text first: NaN or Infinity on both sides is equal, though no difference of them is within a tolerance.
            return `CASE WHEN ${a} IS NULL AND ${b} IS NULL THEN 0 WHEN ${a} IS NULL OR ${b} IS NULL THEN 1 WHEN ${c.binaryText(a)} = ${c.binaryText(b)} THEN 0 WHEN ${c.withinTolerance(a, b, pair.tolerance)} THEN 0 ELSE 1 END AS ${q(`d${j}`)}`;
        }
        const first = same?.[j] ? `WHEN ${same[j]} THEN 0 ` : '';
        return `CASE ${first}WHEN ${c.isDistinct(a, b)} THEN 1 ELSE 0 END AS ${q(`d${j}`)}`;
    });
    const cls = `CASE ${nullKey ? `WHEN ${nullKey} THEN 'null' ` : ''}WHEN sn_n > 1 OR tn_n > 1 THEN 'dup' WHEN ${q(`t${keyAliases[0]}`)} IS NULL THEN 'source' WHEN ${q(`s${keyAliases[0]}`)} IS NULL THEN 'target' ELSE 'both' END AS cls`;
    const differences = resolved.columns.length === 0 ? '0' : resolved.columns.map((_, j) => q(`d${j}`)).join(' + ');
    const order = resolved.keys
        .map((pair, i) => {
        const key = `COALESCE(${q(`sk${i}`)}, ${q(`tk${i}`)})`;
        return pair.family === 'integer' ? c.textToNumber(key) : c.binaryText(key);
    })
        .join(', ');
    return { c, resolved, ctes: [...chain, `dc_c AS (SELECT dc_j.*, ${[cls, ...flags].join(', ')} FROM dc_j)`], differences, order };
}
const sum = (condition, value = '1') => `COALESCE(SUM(CASE WHEN ${condition} THEN ${value} ELSE 0 END), 0)`;
/**
 * The rank of a row on one side only among those rows, by key (`dc_rn`): every changed row comes back
 * (its values' kinds are counted over all of them, column-patterns.ts), rows on one side only as many
 * as the samples keep, in any order (the engine orders what it keeps).
 */
function oneSidedRank(order) {
    return `ROW_NUMBER() OVER (PARTITION BY CASE WHEN cls = 'both' THEN 0 ELSE 1 END ORDER BY ${order}) AS dc_rn`;
}
/** The stats query and the samples query over `dc_c`. */
function twoPasses({ c, resolved, ctes, differences, order }, counts, maxDiffRows) {
    const q = (name) => c.quoteIdentifier(name);
    const prefix = `WITH ${ctes.join(',\n')}\n`;
    const stats = `${prefix}SELECT
  ${counts.source_rows} AS source_rows,
  ${counts.target_rows} AS target_rows,
  ${counts.null_keys_source} AS null_keys_source,
  ${counts.null_keys_target} AS null_keys_target,
  ${counts.duplicate_keys_source} AS duplicate_keys_source,
  ${counts.duplicate_keys_target} AS duplicate_keys_target,
  ${sum(`cls = 'both' AND (${differences}) = 0`)} AS matched_rows,
  ${sum(`cls = 'both' AND (${differences}) > 0`)} AS mismatched_rows,
  ${sum(`cls = 'source'`)} AS only_in_source,
  ${sum(`cls = 'target'`)} AS only_in_target${resolved.columns.map((_, j) => `,\n  ${sum(`cls = 'both'`, q(`d${j}`))} AS ${q(`m${j}`)}`).join('')}
FROM dc_c`;
    const samples = `${prefix}SELECT * FROM (SELECT dc_c.*, ${oneSidedRank(order)} FROM dc_c
WHERE cls IN ('source', 'target') OR (cls = 'both' AND (${differences}) > 0)) AS dc_r
WHERE cls = 'both' OR dc_rn <= ${Math.max(0, maxDiffRows)}`;
    return { stats, samples };
}
/**
 * The one-pass query (see `JoinDiffSql`): keys unique and never NULL, so no `null` or `dup` class.
 * Where a CTE read twice is computed once (`sharesRepeatedCtes`), the changed rows stream out while
 * the join runs, then the rows on one side only (the first max_diff_rows by key), then one row of
 * totals (`cls` = 'totals'): the engine classifies rows while the database still joins. Elsewhere
 * every row carries the totals (window sums: nothing comes before the join has ended).
 */
function onePass(classified, counts, maxDiffRows, returned) {
    const { c, resolved, ctes, differences, order } = classified;
    const q = (name) => c.quoteIdentifier(name);
    const flags = resolved.columns.map((_, j) => `d${j}`);
    const totalNames = ['only_in_source', 'only_in_target', 'mismatched_rows', ...resolved.columns.map((_, j) => `m${j}`)];
    const totalSums = (total) => [
        `${total(`cls = 'source'`)} AS only_in_source`,
        `${total(`cls = 'target'`)} AS only_in_target`,
        `${total(`cls = 'both'`)} AS mismatched_rows`,
        ...resolved.columns.map((_, j) => `${total(`cls = 'both'`, q(`d${j}`))} AS ${q(`m${j}`)}`),
    ];
    const differing = `dc_d AS (SELECT * FROM dc_c WHERE cls <> 'both' OR (${differences}) > 0)`;
    if (c.sharesRepeatedCtes) {
        // A changed row sends the values of the columns that differ in it only (a report shows no others).
        const differingOnly = (name) => {
            const column = /^[st][vw](\d+)$/.exec(name)?.[1];
            return column === undefined ? q(name) : `CASE WHEN ${q(`d${column}`)} = 1 THEN ${q(name)} END AS ${q(name)}`;
        };
        const changedColumns = [...returned.map(differingOnly), 'cls', ...flags.map(q)];
        const oneSidedColumns = [...returned, 'cls', ...flags].map(q);
        // Typed: two NULLs of unknown type meet as text in a UNION before the totals' numbers come.
        const noTotals = ['source_rows', 'target_rows', ...totalNames].map((name) => `CAST(NULL AS BIGINT) AS ${q(name)}`);
        const rowsOf = (columns, from) => `SELECT ${[...columns, ...noTotals].join(', ')} FROM ${from}`;
        const totalsRow = [
            ...returned.map((name) => `NULL AS ${q(name)}`),
            `'totals' AS cls`,
            ...flags.map((name) => `NULL AS ${q(name)}`),
            `${counts.source_rows} AS source_rows`,
            `${counts.target_rows} AS target_rows`,
            ...totalSums((condition, value = '1') => `COALESCE(SUM(CASE WHEN ${condition} THEN ${value} ELSE 0 END), 0)`),
        ];
        return `WITH ${[...ctes, differing].join(',\n')}
${rowsOf(changedColumns, `dc_d WHERE cls = 'both'`)}
UNION ALL ${rowsOf(oneSidedColumns, `(SELECT * FROM dc_d WHERE cls <> 'both' ORDER BY ${order} LIMIT ${Math.max(0, maxDiffRows)}) AS dc_o`)}
UNION ALL SELECT ${totalsRow.join(', ')} FROM dc_d`;
    }
    const columns = [...returned, 'cls', ...flags, ...totalNames].map((name) => `f.${q(name)}`).join(', ');
    const totals = totalSums((condition, value = '1') => `SUM(CASE WHEN ${condition} THEN ${value} ELSE 0 END) OVER ()`);
    return `WITH ${[...ctes, differing, `dc_w AS (SELECT dc_d.*, ${totals.join(', ')} FROM dc_d)`].join(',\n')}
SELECT x.source_rows, x.target_rows, ${columns} FROM (SELECT ${counts.source_rows} AS source_rows, ${counts.target_rows} AS target_rows) AS x
LEFT JOIN (SELECT * FROM (SELECT dc_w.*, ${oneSidedRank(order)} FROM dc_w) AS dc_r WHERE cls = 'both' OR dc_rn <= ${Math.max(1, maxDiffRows)}) AS f ON 1 = 1`;
}
//# sourceMappingURL=join-diff-sql.js.map
;// CONCATENATED MODULE: ./build/src/engine/join-diff.js
/** The join diff: both sides on one connection, diffed by one outer-join query (see join-diff-sql.ts). */




async function runJoinDiff(context) {
    const { source, target, resolved, definition } = context;
    const sql = buildJoinDiffSql(source, target, resolved, definition.maxDiffRows);
    context.progress('comparing', 'running the join diff in the database');
    return sql.passes === 'one' ? join_diff_onePass(context, sql.query) : join_diff_twoPasses(context, sql);
}
function query(context) {
    return (sql) => context.source.connection.query(sql, [], queryOptions(context));
}
const number = (row, name) => Number(row?.[name] ?? 0);
/** Rows this much in key order on disk (or more) on both sides are merge-joined through their key indexes. */
const MERGE_JOIN_KEY_ORDER = 0.9;
/**
 * Hashing two big tables spills them to disk in batches; when both tables' rows lie in key order on
 * disk (PostgreSQL: 10M rows, correlation 1), merging their key indexes reads each once in order (the
 * hand-written FULL OUTER JOIN: 21 s hashed, 7 s merged; the join diff: 26–30 s → 14 s). A single
 * integer key only (its order is the same on both sides). Best effort: statistics that cannot be
 * read leave the join to the database's own plan.
 */
async function mergeJoin(context) {
    const { source, target, resolved } = context;
    const [key, ...more] = resolved.keys;
    const connection = source.connection;
    const keyOrder = connection.keyOrder?.bind(connection);
    if (!keyOrder || !key || more.length > 0 || key.sourceType.family !== 'integer' || key.targetType.family !== 'integer')
        return undefined;
    const order = (table, column) => keyOrder(table, column, queryOptions(context)).catch((error) => {
        if (context.signal?.aborted)
            throw error;
        context.logger.debug(`key order of ${table}.${column} unknown: ${error.message}`);
        return undefined;
    });
    const [a, b] = await Promise.all([order(source.definition.dataset ?? '', key.source), order(target.definition.dataset ?? '', key.target)]);
    if (a === undefined || b === undefined || a < MERGE_JOIN_KEY_ORDER || b < MERGE_JOIN_KEY_ORDER)
        return undefined;
    return {
        preferMergeJoin: true,
        detail: `Both tables' rows lie in key order on disk (correlation ${a.toFixed(2)} and ${b.toFixed(2)}), so the query is planned without hash joins, to merge their key indexes.`,
    };
}
/** One query: the counts and the differing rows (see `JoinDiffSql`). */
async function join_diff_onePass(context, sql) {
    const { resolved } = context;
    const merge = await mergeJoin(context);
    // The totals come on a row of their own (cls 'totals', last), or on every row; with no differing
    // row, on one row whose other columns are NULL (cls among them).
    let first;
    let totalsRow;
    const read = await readDiffering(context, sql, { ...(merge ? { preferMergeJoin: true } : {}) }, (row) => {
        if (row.cls === 'totals')
            totalsRow = row;
        else
            first ??= row;
    });
    if (totalsRow)
        first = totalsRow;
    const totals = totalsRow ?? (first?.cls === null || first?.cls === undefined ? undefined : first);
    const n = (name) => number(totals, name);
    checkTotals(read, n('mismatched_rows'), resolved.columns.map((_, j) => n(`m${j}`)));
    const stats = {
        source_rows: number(first, 'source_rows'),
        target_rows: number(first, 'target_rows'),
        matched_rows: number(first, 'source_rows') - n('only_in_source') - n('mismatched_rows') + read.tally.acceptedRows,
        mismatched_rows: n('mismatched_rows') - read.tally.acceptedRows,
        only_in_source: n('only_in_source'),
        only_in_target: n('only_in_target'),
        duplicate_keys_source: 0,
        duplicate_keys_target: 0,
        null_keys_source: 0,
        null_keys_target: 0,
    };
    return {
        ...outcomeOf(read, stats),
        duplicates: { source: [], target: [] },
        ...(merge ? { detail: merge.detail } : {}),
    };
}
/** The counts, then the differing rows and the duplicated keys' examples, each by its own query. */
async function join_diff_twoPasses(context, sql) {
    const { resolved, definition } = context;
    const run = query(context);
    const [row] = await run(sql.stats);
    const n = (name) => number(row, name);
    const stats = {
        source_rows: n('source_rows'),
        target_rows: n('target_rows'),
        matched_rows: n('matched_rows'),
        mismatched_rows: n('mismatched_rows'),
        only_in_source: n('only_in_source'),
        only_in_target: n('only_in_target'),
        duplicate_keys_source: n('duplicate_keys_source'),
        duplicate_keys_target: n('duplicate_keys_target'),
        null_keys_source: n('null_keys_source'),
        null_keys_target: n('null_keys_target'),
    };
    // Every changed row is read (its kinds are counted); rows on one side only, as many as are kept.
    const wanted = stats.mismatched_rows > 0 || (definition.maxDiffRows > 0 && stats.only_in_source + stats.only_in_target > 0);
    if (wanted)
        context.progress('fetching-diff', 'reading the differing rows', { done: 0, total: stats.mismatched_rows + Math.min(definition.maxDiffRows, stats.only_in_source + stats.only_in_target), unit: 'rows' });
    const read = wanted ? await readDiffering(context, sql.samples) : await readDiffering(context, undefined);
    checkTotals(read, stats.mismatched_rows, resolved.columns.map((_, j) => n(`m${j}`)));
    stats.mismatched_rows -= read.tally.acceptedRows;
    stats.matched_rows += read.tally.acceptedRows;
    const duplicates = async (duplicatesSql, count) => {
        if (count === 0)
            return [];
        const rows = await run(duplicatesSql);
        return rows.slice(0, DUPLICATE_EXAMPLES).map((r) => ({
            key: keyValues(resolved, resolved.keys.map((_, i) => diff_rows_text(r[`k${i}`]))),
            count: Number(r.n),
        }));
    };
    const outcome = outcomeOf(read, stats);
    outcome.sent.source.rows_sent += 1;
    outcome.sent.source.bytes_sent += sizeOfRows([row ?? {}]);
    return {
        ...outcome,
        duplicates: {
            source: await duplicates(sql.duplicates.source, stats.duplicate_keys_source),
            target: await duplicates(sql.duplicates.target, stats.duplicate_keys_target),
        },
    };
}
/**
 * Streams the differing rows `sql` returns (none without it), in whatever order they come: each
 * changed row's value pairs are classified and counted, and the samples kept by key (KeptRows).
 */
async function readDiffering(context, sql, options = {}, each) {
    const { resolved, definition, source } = context;
    const kept = new KeptRows(resolved, definition.maxDiffRows, keyComparator(resolved));
    const tally = new PatternTally(resolved, definition.accept);
    const read = { tally, kept, changed: 0, differing: resolved.columns.map(() => 0), counted: resolved.columns.map(() => 0), rows: 0, bytes: 0 };
    if (sql === undefined)
        return read;
    // Field names made once, not per row (10,000 changed rows are read in a blink, or in a third of a second).
    const fields = (prefix) => ({
        keys: resolved.keys.map((_, i) => `${prefix}k${i}`),
        values: resolved.columns.map((_, j) => `${prefix}v${j}`),
        shown: resolved.columns.map((_, j) => `${prefix}w${j}`),
    });
    const names = { s: fields('s'), t: fields('t') };
    const flags = resolved.columns.map((_, j) => `d${j}`);
    const side = (r, prefix) => {
        const { keys, values, shown } = names[prefix];
        const keyTexts = new Array(keys.length);
        for (let i = 0; i < keys.length; i++)
            keyTexts[i] = diff_rows_text(r[keys[i]]);
        const valueTexts = new Array(values.length);
        const shownTexts = new Array(values.length);
        for (let j = 0; j < values.length; j++) {
            valueTexts[j] = diff_rows_text(r[values[j]]);
            const written = r[shown[j]];
            shownTexts[j] = written !== undefined ? diff_rows_text(written) : valueTexts[j];
        }
        return { keys: keyTexts, values: valueTexts, shown: shownTexts };
    };
    const connection = source.connection;
    const streamOptions = { ...queryOptions(context), ...options, wholeResult: true };
    const batches = connection.streamBatches ? connection.streamBatches(sql, [], streamOptions) : single(connection.stream(sql, [], streamOptions));
    for await (const batch of batches) {
        read.rows += batch.length;
        read.bytes += sizeOfRows(batch);
        for (const r of batch) {
            each?.(r);
            if (r.cls === 'source')
                kept.offer('only_in_source', side(r, 's'), undefined);
            else if (r.cls === 'target')
                kept.offer('only_in_target', undefined, side(r, 't'));
            else if (r.cls === 'both') {
                const differing = [];
                for (let j = 0; j < flags.length; j++)
                    if (Number(r[flags[j]]) === 1)
                        differing.push(j);
                if (differing.length === 0)
                    continue;
                const [s, t] = [side(r, 's'), side(r, 't')];
                const { counted, slots } = tally.changedRow(s, t, differing);
                read.changed++;
                for (const j of differing)
                    read.differing[j]++;
                for (const j of counted)
                    read.counted[j]++;
                if (counted.length > 0)
                    kept.offer('changed', s, t, counted, slots);
            }
        }
    }
    return read;
}
async function* single(rows) {
    for await (const row of rows)
        yield [row];
}
/**
 * The rows read agree with the database's own totals (every changed row comes back, and each
 * column's differing rows are the rows flagged there); anything else is our bug, never a verdict.
 */
function checkTotals(read, mismatchedRows, columnTotals) {
    const disagree = read.changed !== mismatchedRows || columnTotals.some((total, j) => total !== read.differing[j]);
    if (disagree) {
        throw new Error(`The join diff read ${read.changed} changed rows where the database counted ${mismatchedRows} (per column: ${read.differing.join(', ')} read, ${columnTotals.join(', ')} counted).`);
    }
}
/** The outcome's shared parts from what was read: counted columns, kinds, samples, what was sent. */
function outcomeOf(read, stats) {
    const kept = read.kept.finish();
    return {
        stats: { ...stats, ...(read.tally.accepting ? { accepted_rows: read.tally.acceptedRows } : {}) },
        columnMismatches: read.counted,
        columnPatterns: read.counted.map((_, j) => read.tally.column(j, kept.examples)),
        samples: kept.rows,
        cuts: kept.cuts,
        sent: { source: { rows_sent: read.rows, bytes_sent: read.bytes }, target: { rows_sent: 0, bytes_sent: 0 } },
    };
}
//# sourceMappingURL=join-diff.js.map
;// CONCATENATED MODULE: ./build/src/engine/checksum/strategy.js


const INEXACT_FAMILIES = new Set(['float', 'json', 'unknown']);
/** Why the checksum diff cannot be exact for this comparison, or undefined when it can. */
function checksumObstacle({ resolved, source, target }) {
    const tolerant = resolved.columns.filter((pair) => pair.tolerance !== undefined).map((pair) => `\`${pair.source}\``);
    if (tolerant.length > 0)
        return `column ${tolerant.join(', ')} has a numeric tolerance`;
    const inexact = [...resolved.keys, ...resolved.columns].filter((pair) => INEXACT_FAMILIES.has(pair.family)).map((pair) => `\`${pair.source}\` (${pair.family})`);
    if (inexact.length > 0)
        return `column ${inexact.join(', ')} is compared after normalisation in JavaScript`;
    const collections = resolved.columns
        .filter((pair) => finishedInJs(pair, 'source', source.connection.compiler) || finishedInJs(pair, 'target', target.connection.compiler))
        .map((pair) => `\`${pair.source}\` (read as a ${pair.family})`);
    if (collections.length > 0)
        return `column ${collections.join(', ')} is compared after normalisation in JavaScript`;
    return undefined;
}
function checksumStrategy(sameConnection, tuning = DEFAULT_TUNING) {
    return {
        kind: 'checksum',
        applies: (context) => {
            const { definition } = context;
            if (sameConnection(definition.source.connection, definition.target.connection))
                return undefined;
            if (checksumObstacle(context) !== undefined)
                return undefined;
            return 'The sides are on different connections, so each database checksums its rows in buckets of keys and only differing buckets are fetched.';
        },
        run: (context) => runChecksumDiff(context, tuning),
    };
}
//# sourceMappingURL=strategy.js.map
;// CONCATENATED MODULE: ./build/src/engine/plan.js







/** Both sides on one connection: same database type and the same URL (or SQLite/DuckDB file, or CSV/Parquet data source). */
function sameConnection(a, b) {
    if (!a || !b || a.type !== b.type)
        return false;
    if (a.type === 'sqlite' && b.type === 'sqlite')
        return a.path !== ':memory:' && a.path === b.path;
    if (a.type === 'duckdb' && b.type === 'duckdb')
        return a.path !== ':memory:' && a.path === b.path;
    // The same CSV/Parquet data source on both sides (e.g. two queries over one file): one in-memory DuckDB.
    if (a.type === 'csv' || a.type === 'parquet')
        return JSON.stringify(a) === JSON.stringify(b);
    return 'url' in a && 'url' in b && a.url === b.url;
}
/**
 * Columns the join diff cannot compare inside this database: MySQL/MariaDB have no canonical JSON
 * text (MariaDB keeps a JSON value's spelling and key order), so equal JSON values would differ; and
 * a JSON or text column compared as a collection is read as one in JavaScript (`finishedInJs`).
 */
function notComparableInSql(context) {
    const { compiler } = context.source.connection;
    const json = compiler.dialect === 'mysql' ? context.resolved.columns.filter((pair) => pair.family === 'json') : [];
    const collections = context.resolved.columns.filter((pair) => finishedInJs(pair, 'source', compiler) || finishedInJs(pair, 'target', compiler));
    return [...json, ...collections].map((pair) => pair.source);
}
/**
 * Why SQLite cannot join these sides through the key index, if it cannot: a side is a query, or a
 * key may hold NULL. Its join would then group both sides in one sort, measured slower than
 * streaming (1M rows: query sides 11–15 s against 6.7–7.2 s, a nullable key 7.8–8.4 s against
 * 6.8–7.4 s; docs/benchmarks.md), so they stream.
 */
function sqliteJoinObstacle(context) {
    if (context.source.connection.compiler.dialect !== 'sqlite' || canUseKeyIndexes(context.source, context.target, context.resolved))
        return undefined;
    const query = [context.source, context.target].find((side) => side.definition.query);
    if (query)
        return `the ${query === context.source ? 'source' : 'target'} is a query, which has no key index to join through`;
    const nullable = [context.source, context.target].find((side) => side.schema.primaryKeyNullable);
    if (nullable)
        return `the ${nullable === context.source ? 'source' : 'target'} table's key may hold NULL (a SQLite PRIMARY KEY that is neither the rowid nor NOT NULL)`;
    return undefined;
}
/**
 * A name the join diff's query gives its own parts (dc_j, dc_c, dc_d…) in a side's table, query or filter:
 * there the query would read its part instead of the table (a count of `dc_d` counted the differing rows).
 */
function cteNameClash(context) {
    for (const side of [context.source, context.target]) {
        const { dataset, query, filter } = side.definition;
        const clash = [dataset, query, filter].map((text) => unqualifiedOwnName(text ?? '')).find(Boolean);
        if (clash)
            return `the ${side === context.source ? 'source' : 'target'} names ${clash}, a name the join query gives its own parts`;
    }
    return undefined;
}
/** The first `dc_…` word of a text that is neither a schema (`dc_x.t`) nor qualified by one (`s.dc_x`). */
function unqualifiedOwnName(text) {
    for (const match of text.matchAll(/dc_[a-z0-9_$]*/gi)) {
        const before = text.slice(0, match.index).replace(/["`[]$/, '');
        const after = text.slice(match.index + match[0].length).replace(/^["`\]]/, '');
        if (/[a-z0-9_$]$/i.test(before) || /\.\s*$/.test(before) || /^\s*\./.test(after))
            continue;
        return match[0];
    }
    return undefined;
}
const joinStrategy = {
    kind: 'join',
    applies: (context) => sameConnection(context.definition.source.connection, context.definition.target.connection) && notComparableInSql(context).length === 0 && !sqliteJoinObstacle(context) && !cteNameClash(context)
        ? `Both sides are on the same connection (data source \`${context.definition.source.datasourceName}\`${context.definition.target.datasourceName !== context.definition.source.datasourceName ? ` and \`${context.definition.target.datasourceName}\`` : ''}), so one outer-join query computes the diff inside the database.`
        : undefined,
    run: runJoinDiff,
};
const streamStrategy = {
    kind: 'stream',
    applies: (context) => {
        const json = notComparableInSql(context);
        if (json.length > 0 && sameConnection(context.definition.source.connection, context.definition.target.connection)) {
            const engine = context.source.connection.compiler.dialect === 'mysql' ? 'MySQL/MariaDB ' : '';
            return `Both sides are on one ${engine}connection, but JSON column ${json.map((c) => `\`${c}\``).join(', ')} can only be compared by value outside the database, so both sides are streamed ordered by key and merged in bounded memory.`;
        }
        const obstacle = sameConnection(context.definition.source.connection, context.definition.target.connection) ? sqliteJoinObstacle(context) : undefined;
        if (obstacle) {
            return `Both sides are in one SQLite file, but ${obstacle}: SQLite could only join them by sorting both sides together, slower than streaming them (1M rows: 1.1–2×), so both are streamed ordered by key and merged in bounded memory.`;
        }
        return `The sides are on different connections (\`${context.definition.source.datasourceName}\` and \`${context.definition.target.datasourceName}\`)${(() => {
            const obstacle = checksumObstacle(context);
            return obstacle ? ` and ${obstacle}, which checksums cannot compare exactly` : '';
        })()}, so both are streamed ordered by key and merged in bounded memory.`;
    },
    run: runStreamMerge,
};
/** In order of preference; the last one always applies. */
const strategies = [joinStrategy, checksumStrategy(sameConnection), streamStrategy];
function planDiff(context, candidates = strategies) {
    const forced = context.definition.strategy;
    if (forced && forced !== 'auto')
        return forcedPlan(context, forced);
    for (const strategy of candidates) {
        const reason = strategy.applies(context);
        if (reason !== undefined)
            return { kind: strategy.kind, reason, run: strategy.run };
    }
    /* c8 ignore next */
    throw new Error('no diff strategy applies');
}
/** The strategy the spec forces (`strategy:`), or a clear error when it cannot give an exact answer here. */
function forcedPlan(context, forced) {
    const { definition } = context;
    const because = `The spec sets \`strategy: ${forced}\``;
    if (forced === 'join') {
        if (!sameConnection(definition.source.connection, definition.target.connection)) {
            throw new errors/* ConfigurationError */.j1(`comparison "${definition.name}" sets strategy: join, but its sides are on different connections`, {
                hint: 'join runs one query inside one database: use it only when source and target are on the same data source, or remove `strategy`.',
            });
        }
        const json = notComparableInSql(context);
        if (json.length > 0) {
            throw new errors/* ConfigurationError */.j1(`comparison "${definition.name}" sets strategy: join, but JSON column ${json.join(', ')} cannot be compared inside ${context.source.connection.compiler.dialect === 'mysql' ? 'MySQL/MariaDB' : 'the database'}`, {
                hint: 'remove `strategy` (the planner streams such a comparison) or leave the JSON column out.',
            });
        }
        const clash = cteNameClash(context);
        if (clash) {
            throw new errors/* ConfigurationError */.j1(`comparison "${definition.name}" sets strategy: join, but ${clash}`, {
                hint: 'remove `strategy` (the planner compares such a table by checksums or streaming), or rename the table.',
            });
        }
        return { kind: 'join', reason: `${because}, so one outer-join query computes the diff inside the database.`, run: runJoinDiff };
    }
    if (forced === 'checksum') {
        const obstacle = checksumObstacle(context);
        if (obstacle) {
            throw new errors/* ConfigurationError */.j1(`comparison "${definition.name}" sets strategy: checksum, but ${obstacle}`, {
                hint: 'checksums compare exact canonical text only: remove `strategy` (the planner streams such a comparison).',
            });
        }
        // Forced: no switch to streaming for a small table or many differing buckets (repeated keys still switch: exactness).
        const tuning = { ...DEFAULT_TUNING, smallTableRows: 0, mostRowsDiffer: Number.POSITIVE_INFINITY };
        return {
            kind: 'checksum',
            reason: `${because}: each database checksums its rows in buckets of keys and only differing buckets are fetched.`,
            run: async (c) => {
                const outcome = await runChecksumDiff(c, tuning);
                return outcome.replanned ? { ...outcome, replanned: { ...outcome.replanned, reason: `${because}. ${outcome.replanned.reason}` } } : outcome;
            },
        };
    }
    return { kind: 'stream', reason: `${because}, so both sides are streamed ordered by key and merged in bounded memory.`, run: runStreamMerge };
}
//# sourceMappingURL=plan.js.map
;// CONCATENATED MODULE: ./build/src/engine/quick.js

async function quickComparison(context) {
    const count = async (side) => {
        const [row] = await side.connection.query(`SELECT COUNT(*) AS n ${fromClause(side, 'b')}`, [], context.signal ? { signal: context.signal } : {});
        return Number(row?.n ?? 0);
    };
    const [sourceRows, targetRows] = await Promise.all([count(context.source), count(context.target)]);
    const name = (side) => (side.definition.query ? `the ${side.role} query` : `the ${side.role} (${side.shortName})`);
    const reasons = sourceRows === targetRows
        ? []
        : [`Row counts differ: ${name(context.source)} has ${sourceRows} rows, ${name(context.target)} has ${targetRows}.`];
    return {
        stats: {
            source_rows: sourceRows,
            target_rows: targetRows,
            matched_rows: 0,
            mismatched_rows: 0,
            only_in_source: 0,
            only_in_target: 0,
            duplicate_keys_source: 0,
            duplicate_keys_target: 0,
            null_keys_source: 0,
            null_keys_target: 0,
        },
        reasons,
        plan: {
            kind: 'quick',
            reason: 'quick_comparison is set: only the row counts are compared (values, duplicates and NULL keys are not checked).',
            source: { rows_sent: 1, bytes_sent: String(sourceRows).length },
            target: { rows_sent: 1, bytes_sent: String(targetRows).length },
        },
    };
}
//# sourceMappingURL=quick.js.map
;// CONCATENATED MODULE: ./build/src/engine/profile.js


async function profileComparison(context) {
    const columns = context.resolved.columns;
    if (columns.length === 0)
        return { differences: [], reasons: [] };
    const [source, target] = await Promise.all([profileSide(context, context.source, columns), profileSide(context, context.target, columns)]);
    const differences = [];
    columns.forEach((pair, i) => {
        const s = source[i];
        const t = target[i];
        const slack = (pair.tolerance ?? 0) * Math.max(s.non_null, t.non_null);
        const close = (a, b, allowed) => a === b || (a !== undefined && b !== undefined && Math.abs(a - b) <= allowed + 1e-9 * Math.max(1, Math.abs(a), Math.abs(b)));
        const differs = [];
        if (s.non_null !== t.non_null)
            differs.push('non_null');
        if (s.distinct !== t.distinct)
            differs.push('distinct');
        if (!close(s.min, t.min, pair.tolerance ?? 0))
            differs.push('min');
        if (!close(s.max, t.max, pair.tolerance ?? 0))
            differs.push('max');
        if (!close(s.sum, t.sum, slack))
            differs.push('sum');
        if (differs.length > 0)
            differences.push({ column: pair.source, source: s, target: t, differs });
    });
    const reasons = differences.map((d) => `Column ${d.column} profile differs: ${d.differs.map((m) => `${m === 'non_null' ? 'non-NULL values' : m} ${show(d.source[m])} → ${show(d.target[m])}`).join(', ')}.`);
    return { differences, reasons };
}
function show(value) {
    return value === undefined ? 'none' : String(value);
}
async function profileSide(context, side, columns) {
    const compiler = side.connection.compiler;
    const select = [];
    columns.forEach((pair, i) => {
        const name = side.role === 'source' ? pair.source : pair.target;
        const type = side.role === 'source' ? pair.sourceType : pair.targetType;
        const ref = `${compiler.quoteIdentifier('p')}.${compiler.quoteIdentifier(name)}`;
        select.push(`COUNT(${ref}) AS ${compiler.quoteIdentifier(`n${i}`)}`);
        select.push(`COUNT(DISTINCT ${compiler.normalize(ref, type, pair.normalize)}) AS ${compiler.quoteIdentifier(`d${i}`)}`);
        if ((0,type_family/* isNumericFamily */.We)(pair.family) && (0,type_family/* isNumericFamily */.We)(type.family)) {
            select.push(`MIN(${ref}) AS ${compiler.quoteIdentifier(`lo${i}`)}`, `MAX(${ref}) AS ${compiler.quoteIdentifier(`hi${i}`)}`);
            select.push(`SUM(${ref}) AS ${compiler.quoteIdentifier(`s${i}`)}`);
        }
    });
    const [row] = await side.connection.query(`SELECT ${select.join(', ')} ${fromClause(side, 'p')}`, [], context.signal ? { signal: context.signal } : {});
    const num = (value) => (value === null || value === undefined ? undefined : Number(value));
    return columns.map((pair, i) => {
        const profile = { non_null: Number(row?.[`n${i}`] ?? 0), distinct: Number(row?.[`d${i}`] ?? 0) };
        if (row && `s${i}` in row) {
            const lo = num(row[`lo${i}`]);
            const hi = num(row[`hi${i}`]);
            const sum = num(row[`s${i}`]);
            if (lo !== undefined)
                profile.min = lo;
            if (hi !== undefined)
                profile.max = hi;
            if (sum !== undefined)
                profile.sum = sum;
        }
        return profile;
    });
}
//# sourceMappingURL=profile.js.map
;// CONCATENATED MODULE: ./build/src/engine/schema-diff.js

const TEMPORAL = new Set(['timestamp', 'timestamptz', 'time']);
/** True when both sides hold the same family of values but at a different fractional precision or declared scale. */
function precisionDiffers(pair) {
    if (pair.typeMismatch)
        return false;
    const { sourceType: s, targetType: t } = pair;
    if (TEMPORAL.has(pair.family) && TEMPORAL.has(s.family) && TEMPORAL.has(t.family))
        return (s.precision ?? 6) !== (t.precision ?? 6);
    return pair.family === 'decimal' && s.family === 'decimal' && t.family === 'decimal' && s.scale !== undefined && t.scale !== undefined && s.scale !== t.scale;
}
function computeSchemaDiff(source, target, resolved) {
    const pairs = [...resolved.keys, ...resolved.columns];
    const pairedSource = new Set(pairs.map((p) => p.source.toLowerCase()));
    const pairedTarget = new Set(pairs.map((p) => p.target.toLowerCase()));
    const targetNames = new Set(target.schema.columns.map((c) => c.name.toLowerCase()));
    const sourceNames = new Set(source.schema.columns.map((c) => c.name.toLowerCase()));
    const only_in_source = source.schema.columns
        .filter((c) => !pairedSource.has(c.name.toLowerCase()) && !targetNames.has(c.name.toLowerCase()))
        .map((c) => ({ name: c.name, type: c.type }));
    const only_in_target = target.schema.columns
        .filter((c) => !pairedTarget.has(c.name.toLowerCase()) && !sourceNames.has(c.name.toLowerCase()))
        .map((c) => ({ name: c.name, type: c.type }));
    const type_mismatches = pairs
        .filter((p) => (p.sourceType.family !== p.targetType.family && p.typeMismatch) || precisionDiffers(p))
        .map((p) => ({
        source_column: p.source,
        target_column: p.target,
        source_type: p.sourceType.type,
        target_type: p.targetType.type,
        ...(precisionDiffers(p) && { compared_as: (0,engine_outcome/* comparedAs */.wp)(p) }),
    }));
    return { only_in_source, only_in_target, type_mismatches };
}
function schemaDiffIsEmpty(diff) {
    return diff.only_in_source.length + diff.only_in_target.length + diff.type_mismatches.length === 0;
}
//# sourceMappingURL=schema-diff.js.map
;// CONCATENATED MODULE: ./build/src/engine/index.js
/**
 * The local engine's entry point: one comparison, from definition to result. Connections are opened
 * here (one for both sides when they are the same) and always closed; every failure becomes a result
 * with `status: 'error'` (redacted), never an exception.
 */













const runComparison = (definition, options) => compare(definition, options);
/** runComparison with a chosen list of diff strategies (tests force the streaming merge with it). */
async function compare(definition, options, candidates = strategies) {
    const started = performance.now();
    const seconds = () => Math.round(performance.now() - started) / 1000;
    const connections = new OpenConnections();
    // The comparison's own time limit, named by where it was set (the runner around it names it alike).
    const own = definition.timeoutMs === undefined ? undefined : { ms: definition.timeoutMs, name: definition.timeoutSetting ?? `timeout_minutes (${(0,abort/* formatLimit */.tW)(definition.timeoutMs)})` };
    const limit = own && (0,abort/* timeLimit */.zc)(own.ms, own.name);
    const signal = options.signal || limit ? (0,abort/* anySignal */.JG)(options.signal, limit?.signal) : undefined;
    let last = { phase: 'connecting' };
    const progress = (phase, message, work) => {
        if (phase !== last.phase || message !== undefined)
            last = { phase, ...(message === undefined ? {} : { message }) };
        options.onProgress?.({ comparison: definition.name, phase, ...(message === undefined ? {} : { message }), ...(work ? { work } : {}) });
    };
    let failed = false;
    try {
        // A stop ends the wait at once: whatever a query or a stream still holds, the connections are destroyed below.
        const result = await (0,abort/* untilAborted */.Eu)(run(definition, options, candidates, connections, progress, signal), signal);
        if (result.result)
            result.result.time_taken = seconds();
        progress('done');
        return result;
    }
    catch (caught) {
        failed = true;
        const error = stoppedError(signal, last, seconds(), { name: own?.name, hint: comparisonLimitHint(definition) }) ?? timedOut(caught, definition, limit?.signal) ?? (0,errors/* toDatacompareError */.bC)(caught);
        options.logger.debug(`${definition.name}: ${(0,redact/* redact */.E$)(error.message)}${'sql' in error && error.sql ? `\nSQL: ${(0,redact/* redact */.E$)(String(error.sql))}` : ''}`);
        const failure = {
            name: definition.name,
            status: 'error',
            error: { kind: error.kind, message: (0,redact/* redact */.E$)(error.message), ...(error.hint ? { hint: (0,redact/* redact */.E$)(error.hint) } : {}) },
        };
        progress('done', signal?.aborted ? 'stopped' : 'failed');
        return failure;
    }
    finally {
        limit?.clear();
        // A stop, or a failure on one side while the other may still be scanning: end what still runs on the
        // servers at once (a polite close would wait for the other side's query to finish, minutes on a big table).
        if (signal?.aborted || failed)
            await connections.destroyAll();
        else
            await connections.closeAll();
    }
}
async function run(definition, options, candidates, connections, progress, signal) {
    progress('connecting');
    const sourceConnection = connections.add(await engine_open(definition.source, definition, options));
    // With the settings they were opened from: the run asks each data source's role on them (afterDescribe).
    const opened = [{ config: definition.source.connection, connection: sourceConnection }];
    let targetConnection = sourceConnection;
    if (!sameConnection(definition.source.connection, definition.target.connection)) {
        targetConnection = connections.add(await engine_open(definition.target, definition, options));
        opened.push({ config: definition.target.connection, connection: targetConnection });
    }
    progress('introspecting');
    const [source, target] = await Promise.all([
        describeSide('source', definition.source, sourceConnection, signal),
        describeSide('target', definition.target, targetConnection, signal),
    ]);
    await options.afterDescribe?.(opened, signal).catch((error) => options.logger.debug(`${definition.name}: after describing: ${(0,redact/* redact */.E$)(String(error))}`));
    const resolved = resolveColumns(definition, source, target, { requireKeys: !definition.quickComparison });
    const schemaDiff = definition.schemaDiff ? computeSchemaDiff(source, target, resolved) : undefined;
    const schemaDiffers = schemaDiff !== undefined && !schemaDiffIsEmpty(schemaDiff);
    const reasons = schemaDiff ? (0,engine_outcome/* schemaReasons */.XS)(schemaDiff) : [];
    const context = { definition, source, target, resolved, logger: options.logger, progress, ...(signal ? { signal } : {}) };
    let result;
    let accepted = [];
    if (definition.quickComparison) {
        progress('counting');
        const quick = await quickComparison(context);
        reasons.push(...quick.reasons);
        const profile = definition.profile ? await profileComparison(context) : undefined;
        if (profile)
            reasons.push(...profile.reasons);
        const diffStatus = reasons.length > 0 ? 'MISMATCH' : 'MATCH';
        result = {
            name: definition.name,
            ...(0,engine_outcome/* decideStatus */.x7)(definition, diffStatus, quick.stats, schemaDiffers),
            result: { diff_status: diffStatus, diff_reasons: reasons, time_taken: 0 },
            stats: quick.stats,
            plan: quick.plan,
            ...(profile && profile.differences.length > 0 && { profile: profile.differences }),
        };
    }
    else {
        const plan = planDiff(context, candidates);
        options.logger.debug(`${definition.name}: ${plan.reason}`);
        const outcome = await plan.run(context);
        // A comparison that accepts kinds says how many rows it accepted, 0 included (a plan that read no changed row sets none).
        if (definition.accept && definition.accept.length > 0)
            outcome.stats.accepted_rows ??= 0;
        accepted = (0,engine_outcome/* acceptedNotes */.np)(outcome);
        reasons.push(...(0,engine_outcome/* rowReasons */._m)(outcome, resolved, source, target));
        const diffStatus = reasons.length > 0 ? 'MISMATCH' : 'MATCH';
        result = {
            name: definition.name,
            ...(0,engine_outcome/* decideStatus */.x7)(definition, diffStatus, outcome.stats, schemaDiffers),
            result: { diff_status: diffStatus, diff_reasons: reasons, time_taken: 0 },
            stats: outcome.stats,
            diff: (0,engine_outcome/* diffDetails */.iG)(outcome, resolved),
            plan: {
                kind: outcome.replanned?.kind ?? plan.kind,
                reason: outcome.replanned?.reason ?? (outcome.detail ? `${plan.reason} ${outcome.detail}` : plan.reason),
                source: outcome.sent.source,
                target: outcome.sent.target,
                ...(outcome.phases ? { phases_ms: outcome.phases } : {}),
            },
        };
    }
    if (schemaDiff)
        result.schema_diff = schemaDiff;
    const notes = definition.quickComparison ? [] : [...(0,engine_outcome/* precisionNotes */.q_)(resolved), ...(0,engine_outcome/* caseFoldingNotes */.jo)(resolved), ...accepted];
    if (notes.length > 0)
        result.notes = notes;
    return result;
}
/** How to raise the comparison's own time limit, in the words of whoever set it (the spec's by default). */
function comparisonLimitHint(definition) {
    return definition.limitHints?.comparison ?? 'Raise timeout_minutes, add a filter, or compare fewer columns.';
}
/**
 * A comparison stopped by a StopRequest (a signal, the run's or its own time limit): "stopped: <why>",
 * with what it was doing and for how long. The comparison's own limit (`own.name`, whoever armed it:
 * the engine or the runner around it) is raised as `own.hint` says; a run's limit, as a run's is.
 */
function stoppedError(signal, last, elapsed, own) {
    const request = (0,abort/* stopRequestOf */.Nl)(signal);
    if (!request)
        return undefined;
    const doing = `while ${last.phase}${last.message ? ` (${last.message})` : ''}, after ${(0,abort/* formatLimit */.tW)(elapsed * 1000)}`;
    if (request.kind === 'timeout') {
        return new errors/* TimeoutError */.MU(`stopped: the time limit ${request.why} was reached ${doing}.`, {
            cause: request,
            hint: request.why === own.name ? own.hint : 'Raise the time limit, or run fewer or smaller comparisons per run.',
        });
    }
    return new errors/* CancelledError */.cc(`stopped: ${request.why} received ${doing}.`, { cause: request });
}
/** The comparison's own limit, fired by a signal without a StopRequest (callers' AbortSignal.timeout). */
function timedOut(caught, definition, limit) {
    if (!limit?.aborted)
        return undefined;
    return new errors/* TimeoutError */.MU(`The comparison did not finish within its time limit (${(0,abort/* formatLimit */.tW)(definition.timeoutMs ?? 0)}).`, {
        cause: caught,
        hint: comparisonLimitHint(definition),
    });
}
async function engine_open(side, definition, options) {
    if (!side.connection) {
        throw new errors/* ConfigurationError */.j1(`Data source \`${side.datasourceName}\` exists only on the Data Comparison Service; it cannot be compared in local mode.`, {
            hint: 'Give the datasource a type and url/path in the spec, or run with mode: api.',
        });
    }
    const dialect = await (0,registry/* loadDialect */.PN)(side.connection.type);
    const admitSession = options.sessionGate?.(side);
    return dialect.connect(side.connection, {
        logger: options.logger,
        datasourceName: side.datasourceName,
        statementTimeoutMs: definition.queryTimeoutMs ?? model/* DEFAULT_QUERY_TIMEOUT_MS */.c4,
        ...(definition.limitHints?.statement !== undefined && { statementTimeoutHint: definition.limitHints.statement }),
        ...(admitSession && { admitSession }),
    });
}
//# sourceMappingURL=index.js.map

/***/ }),

/***/ 36576:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   XS: () => (/* binding */ schemaReasons),
/* harmony export */   _m: () => (/* binding */ rowReasons),
/* harmony export */   iG: () => (/* binding */ diffDetails),
/* harmony export */   jo: () => (/* binding */ caseFoldingNotes),
/* harmony export */   np: () => (/* binding */ acceptedNotes),
/* harmony export */   q_: () => (/* binding */ precisionNotes),
/* harmony export */   uZ: () => (/* binding */ caseFoldingNotesOf),
/* harmony export */   uk: () => (/* binding */ differingRowCount),
/* harmony export */   wp: () => (/* binding */ comparedAs),
/* harmony export */   x7: () => (/* binding */ decideStatus)
/* harmony export */ });
/* unused harmony export comparedAsMap */
const plural = (n, one, many) => `${n} ${n === 1 ? one : many}`;
/** "table `legacy.orders`" style name used in sentences. */
function where(side) {
    return side.definition.query ? `the ${side.role} query` : `${side.role} (${side.shortName})`;
}
function rowReasons(outcome, resolved, source, target) {
    const { stats } = outcome;
    const reasons = [];
    if (stats.only_in_source > 0)
        reasons.push(`${plural(stats.only_in_source, 'row exists', 'rows exist')} only in the ${where(source)}.`);
    if (stats.only_in_target > 0)
        reasons.push(`${plural(stats.only_in_target, 'row exists', 'rows exist')} only in the ${where(target)}.`);
    resolved.columns.forEach((pair, j) => {
        const count = outcome.columnMismatches[j] ?? 0;
        if (count === 0)
            return;
        const tolerance = pair.tolerance !== undefined ? ` (beyond the tolerance of ${pair.tolerance})` : '';
        reasons.push(`${count === 1 ? '1 row has a different value' : `${count} rows have different values`} in column \`${pair.source}\`${tolerance}.`);
    });
    const keyNames = resolved.keys.map((k) => k.source).join(', ');
    for (const [side, count, examples] of [
        [source, stats.duplicate_keys_source, outcome.duplicates.source],
        [target, stats.duplicate_keys_target, outcome.duplicates.target],
    ]) {
        for (const example of examples)
            reasons.push(`Key (${keyNames}) = ${formatKey(example)} occurs ${times(example.count)} in the ${side.role}.`);
        if (count > examples.length) {
            reasons.push(`${plural(count - examples.length, 'more key occurs', 'more keys occur')} more than once in the ${side.role}.`);
        }
    }
    if (stats.duplicate_keys_source + stats.duplicate_keys_target > 0) {
        reasons.push('Rows with a duplicated key are not compared (it is ambiguous which rows correspond); make the key unique or choose another primary key.');
    }
    for (const [side, count] of [
        [source, stats.null_keys_source],
        [target, stats.null_keys_target],
    ]) {
        if (count > 0)
            reasons.push(`${plural(count, 'row', 'rows')} in the ${side.role} ${count === 1 ? 'has' : 'have'} NULL in a key column (${keyNames}) and cannot be matched.`);
    }
    return reasons;
}
function formatKey(example) {
    const parts = example.key.map((v) => (typeof v === 'string' ? `'${v}'` : String(v)));
    return parts.length === 1 ? (parts[0] ?? '') : `(${parts.join(', ')})`;
}
function times(count) {
    return count === 2 ? 'twice' : `${count} times`;
}
function schemaReasons(diff) {
    return [
        ...diff.only_in_source.map((c) => `Column \`${c.name}\` (${c.type}) exists only in the source.`),
        ...diff.only_in_target.map((c) => `Column \`${c.name}\` (${c.type}) exists only in the target.`),
        ...diff.type_mismatches.map((m) => `Column \`${m.source_column}\` is ${m.source_type} in the source but \`${m.target_column}\` is ${m.target_type} in the target${m.compared_as ? ` (compared as ${m.compared_as})` : ''}.`),
    ];
}
function diffDetails(outcome, resolved) {
    const mapping = {};
    resolved.columns.forEach((pair, j) => {
        const count = outcome.columnMismatches[j] ?? 0;
        const kinds = outcome.columnPatterns?.[j];
        const accepted = kinds?.accepted ?? [];
        const acceptedRows = accepted.reduce((sum, pattern) => sum + pattern.rows, 0);
        if (count === 0 && acceptedRows === 0)
            return;
        const compared = `${pair.source}${pair.target !== pair.source ? ` ↔ ${pair.target}` : ''}`;
        const how = pair.tolerance !== undefined ? `numerically, tolerance ${pair.tolerance}` : pair.family === 'text' && !pair.normalize.caseSensitive ? 'case-insensitively' : `as ${articled(comparedAs(pair))}`;
        const present = outcome.stats.matched_rows + outcome.stats.mismatched_rows;
        const also = acceptedRows === 0 ? '' : ` ${plural(acceptedRows, 'more row differs', 'more rows differ')} only in accepted ways (${accepted.map((p) => p.kind).join(', ')}) and ${acceptedRows === 1 ? 'counts' : 'count'} as equal.`;
        const details = count > 0 ? `${count} of ${present} rows present on both sides differ in ${compared} (compared ${how}).${also}` : `${plural(acceptedRows, 'row', 'rows')} of ${present} present on both sides ${acceptedRows === 1 ? 'differs' : 'differ'} in ${compared} only in accepted ways (${accepted.map((p) => p.kind).join(', ')}) and ${acceptedRows === 1 ? 'counts' : 'count'} as equal.`;
        mapping[pair.source] = {
            mismatch_count: count,
            details,
            ...(kinds ? { patterns: kinds.patterns } : {}),
            ...(accepted.length > 0 ? { accepted } : {}),
        };
    });
    const total = outcome.stats.mismatched_rows + outcome.stats.only_in_source + outcome.stats.only_in_target;
    return {
        primary_key_columns: resolved.keys.map((k) => k.source),
        column_mapping: Object.fromEntries([...resolved.keys, ...resolved.columns].map((p) => [p.source, p.target])),
        mismatched_columns_mapping: mapping,
        compared_as: comparedAsMap(resolved),
        diff_rows: outcome.samples,
        diff_rows_total: total,
        truncated: outcome.samples.length < total,
        ...(outcome.cuts && outcome.cuts.length > 0 ? { cut_values: outcome.cuts } : {}),
    };
}
/**
 * What counted as equal although it differs: rows whose every difference is of a kind the comparison
 * accepts (`accept`), with the kinds; empty when nothing was accepted.
 */
function acceptedNotes(outcome) {
    const rows = outcome.stats.accepted_rows ?? 0;
    if (rows === 0)
        return [];
    const kinds = [...new Set((outcome.columnPatterns ?? []).flatMap((column) => column.accepted.map((pattern) => pattern.kind)))];
    return [`${plural(rows, 'row differs', 'rows differ')} only in kinds of difference the comparison accepts (${kinds.join(', ')}), so ${rows === 1 ? 'it counts' : 'they count'} as equal; each column's accepted differences are listed with their counts.`];
}
/**
 * What the comparison could not see: each timestamp or time column compared at fewer fraction digits
 * than one side holds (fractions dropped on that side count as equal), with the setting that counts
 * them. Empty under `precision: strict` (then they are compared at the higher precision).
 */
function precisionNotes(resolved) {
    return [...resolved.keys, ...resolved.columns].flatMap((pair) => {
        const compared = pair.normalize.precision;
        if (compared === undefined)
            return [];
        const sides = [
            ['source', pair.sourceType],
            ['target', pair.targetType],
        ];
        const finer = sides.filter(([, type]) => (type.precision ?? 6) > compared);
        if (finer.length === 0)
            return [];
        const [role, type] = finer[0];
        const other = sides.find(([r]) => r !== role)[1];
        return [
            `Column \`${pair.source}\` was compared at ${FRACTIONS[compared] ?? `${compared} fraction digits`}: ${type.type} in the ${role} holds ${FRACTIONS[type.precision ?? 6]} that ${other.type} in the ${role === 'source' ? 'target' : 'source'} drops, so values differing only there count as equal. Set \`precision: strict\` to count them as differences.`,
        ];
    });
}
/**
 * What else could count as equal: text columns (and collections of text) compared case-insensitively
 * (`case_sensitive: false`, the default), where values differing only in letter case match. Keys are
 * always exact; a trailing space, an accent or a collation never makes two texts equal.
 */
function caseFoldingNotes(resolved) {
    return caseFoldingNotesOf(resolved.columns.map((pair) => [pair.source, comparedAs(pair)]));
}
/** The same note from the compared (non-key) columns and how each was compared (`compared_as`): api mode's diff details. */
function caseFoldingNotesOf(compared) {
    const folded = compared.filter(([, how]) => how.endsWith(', case-insensitive')).map(([name]) => `\`${name}\``);
    if (folded.length === 0)
        return [];
    const columns = folded.length === 1 ? `Column ${folded[0]} was` : `Columns ${folded.slice(0, -1).join(', ')} and ${folded.at(-1)} were`;
    return [
        `${columns} compared case-insensitively (\`case_sensitive\` is false, the default): values differing only in letter case count as equal. Set \`case_sensitive: true\` to count them as differences.`,
    ];
}
/** Every compared column (keys first) by source name → how it was compared (`comparedAs`). */
function comparedAsMap(resolved) {
    return Object.fromEntries([...resolved.keys, ...resolved.columns].map((pair) => [pair.source, comparedAs(pair)]));
}
const FRACTIONS = ['whole seconds', 'tenths of a second', 'hundredths of a second', 'milliseconds', '4 fraction digits', '5 fraction digits', 'microseconds'];
const NAMES = { json: 'JSON', list: 'list', set: 'set', timestamptz: 'timestamp with time zone' };
/**
 * How a column pair is compared, in a few words the reports show: `set`, `list`, `JSON`, `text`,
 * `text, case-insensitive`, `decimal at scale 2`, `timestamp at whole seconds`, `number within 0.01`.
 * The precision or scale is named where it is not the full one (or the sides declare different ones).
 */
function comparedAs(pair) {
    if (pair.tolerance !== undefined)
        return `number within ${pair.tolerance}`;
    const name = NAMES[pair.family] ?? pair.family;
    const { normalize } = pair;
    if (pair.family === 'text' || pair.family === 'unknown')
        return normalize.caseSensitive ? 'text' : 'text, case-insensitive';
    if (pair.family === 'list' || pair.family === 'set') {
        const member = normalize.member;
        const detail = member && member.family !== 'text' && member.family !== 'unknown' ? ` of ${NAMES[member.family] ?? member.family}` : member && !member.options.caseSensitive ? ', case-insensitive' : '';
        return `${name}${detail}`;
    }
    if (normalize.precision !== undefined) {
        const differ = (pair.sourceType.precision ?? 6) !== (pair.targetType.precision ?? 6);
        if (normalize.precision < 6 || differ)
            return `${name} at ${FRACTIONS[normalize.precision] ?? `${normalize.precision} fraction digits`}`;
    }
    if (normalize.scale !== undefined && pair.sourceType.scale !== pair.targetType.scale)
        return `${name} at scale ${normalize.scale}`;
    if (normalize.singlePrecision)
        return `${name} at single precision`;
    return name;
}
function articled(phrase) {
    return /^(set|list)\b/.test(phrase) ? `a ${phrase}` : phrase;
}
/** Rows counted against the thresholds: differing rows plus rows with duplicated or NULL keys. */
function differingRowCount(stats) {
    return (stats.mismatched_rows +
        stats.only_in_source +
        stats.only_in_target +
        stats.duplicate_keys_source +
        stats.duplicate_keys_target +
        stats.null_keys_source +
        stats.null_keys_target);
}
/** `status` and `within_thresholds` of a result: thresholds can let row differences pass, never schema differences. */
function decideStatus(definition, diffStatus, stats, schemaDiffers) {
    if (diffStatus === 'MATCH')
        return { status: 'match' };
    const { maxMismatchedRows, maxMismatchRatio } = definition.thresholds;
    if (schemaDiffers || (maxMismatchedRows === undefined && maxMismatchRatio === undefined))
        return { status: 'mismatch' };
    const differing = differingRowCount(stats);
    const ratio = differing / Math.max(stats.source_rows, stats.target_rows, 1);
    const within = (maxMismatchedRows === undefined || differing <= maxMismatchedRows) && (maxMismatchRatio === undefined || ratio <= maxMismatchRatio);
    return within ? { status: 'match', within_thresholds: true } : { status: 'mismatch', within_thresholds: false };
}
//# sourceMappingURL=outcome.js.map

/***/ }),

/***/ 81776:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Ji: () => (/* binding */ canonicalCollection),
/* harmony export */   K9: () => (/* binding */ collectionToken),
/* harmony export */   gb: () => (/* binding */ canonicalSetText),
/* harmony export */   pc: () => (/* binding */ collectionOptions)
/* harmony export */ });
/* unused harmony export collectionText */
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67632);
/**
 * The canonical text of a collection (see `SqlCompiler.normalize`): `[` + one token per member,
 * joined by `,`, + `]`. A member's token is its canonical text in double quotes with `\` and `"`
 * escaped by a backslash (nothing else: every engine writes it with two REPLACEs), or `null`. A list
 * keeps its order; a set's tokens are distinct and sorted bytewise (code points), NULL stays NULL,
 * and `[]` (an empty collection) is neither NULL nor `""`.
 *
 * The SQL of each dialect builds it in the database (checksums compare hashes of it); this file
 * builds it in JavaScript from a JSON array (a JSON column, text read as a JSON array, SQLite) and
 * must give the same bytes.
 */

/** A member's token: `"text"` with `\` and `"` escaped, or `null`. */
function collectionToken(member) {
    return member === null ? 'null' : `"${member.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}
/** The collection text of tokens: in their order (a list), or distinct and sorted bytewise (a set). */
function collectionText(tokens, set) {
    const ordered = set ? [...new Set(tokens)].sort(_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .compareCodePoints */ .OP) : tokens;
    return `[${ordered.join(',')}]`;
}
/** The collection options of a pair compared as `family` with these normalisation options. */
function collectionOptions(family, options) {
    return { set: family === 'set', member: options.member?.family ?? 'text', options: options.member?.options ?? { caseSensitive: options.caseSensitive } };
}
/** JSON.rawJSON (Node ≥ 21; not in the ES2023 lib types). */
const RawJson = JSON;
/** A JSON number kept as written (no parameter property: the SQLite worker loads this file with type stripping in tests). */
class NumberText {
    text;
    constructor(text) {
        this.text = text;
    }
}
const keepNumberText = (_key, value, context) => (typeof value === 'number' ? new NumberText(context.source ?? String(value)) : value);
/**
 * The canonical collection text of a JSON array (text or bytes). A JSON value that is not an array
 * gives its canonical JSON text (never equal to a collection's), and text that is not JSON is
 * returned as is: both show up as differences.
 */
function canonicalCollection(value, options) {
    if (value === null || value === undefined)
        return null;
    const text = typeof value === 'string' ? value : Buffer.isBuffer(value) ? value.toString('utf8') : JSON.stringify(value);
    let parsed;
    try {
        parsed = JSON.parse(text, keepNumberText);
    }
    catch {
        return text;
    }
    if (!Array.isArray(parsed))
        return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(text);
    return collectionText(parsed.map((member) => collectionToken(memberText(member, options))), options.set);
}
/**
 * The canonical collection text of a MySQL/MariaDB SET's own text (its members joined by commas,
 * which a member cannot contain; `''` is the empty set), for a SET whose members are not declared
 * (a query's column).
 */
function canonicalSetText(value, options) {
    if (value === null || value === undefined)
        return null;
    const text = Buffer.isBuffer(value) ? value.toString('utf8') : String(value);
    const members = text === '' ? [] : text.split(',');
    return collectionText(members.map((member) => collectionToken(memberText(member, options))), options.set);
}
function memberText(member, { member: family, options }) {
    if (member === null || member === undefined)
        return null;
    if (member instanceof NumberText) {
        if (family === 'integer' || family === 'decimal')
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalDecimal */ .st)(member.text, options.scale);
        if (family === 'float')
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalFloat */ .N8)(member.text, options.singlePrecision === true);
        if (family === 'boolean')
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalBoolean */ .xj)(member.text);
        return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .plainNumber */ .ku)(member.text);
    }
    if (typeof member === 'boolean')
        return family === 'boolean' ? (member ? '1' : '0') : String(member);
    if (typeof member !== 'string')
        return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalJson */ .dj)(JSON.stringify(member, (_key, v) => (v instanceof NumberText ? RawJson.rawJSON(v.text) : v)));
    switch (family) {
        case 'integer':
        case 'decimal':
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalDecimal */ .st)(member, options.scale);
        case 'float':
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalFloat */ .N8)(member, options.singlePrecision === true);
        case 'boolean':
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalBoolean */ .xj)(member);
        case 'date':
            return (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalTimestamp */ .DI)(member)?.slice(0, 10) ?? member;
        case 'timestamp':
        case 'timestamptz':
            return truncated((0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalTimestamp */ .DI)(member), options.precision);
        case 'uuid':
            return member.toLowerCase();
        case 'text':
        case 'unknown':
            return options.caseSensitive ? member : (0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .canonicalLower */ .GT)(member);
        default:
            return member;
    }
}
function truncated(text, precision = 6) {
    if (text === null || !/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\.\d{6}$/.test(text))
        return text;
    const digits = Math.max(0, Math.min(6, Math.trunc(precision)));
    return `${text.slice(0, 20 + digits)}${'0'.repeat(6 - digits)}`;
}
//# sourceMappingURL=collection.js.map

/***/ }),

/***/ 96753:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Qx: () => (/* binding */ commonFamily),
/* harmony export */   We: () => (/* binding */ isNumericFamily),
/* harmony export */   dg: () => (/* binding */ isCollectionFamily),
/* harmony export */   gy: () => (/* binding */ columnTypeOf)
/* harmony export */ });
const RULES = [
    [/^(bool|boolean)$/, 'boolean'],
    [/^(tinyint|smallint|mediumint|int|integer|bigint|int2|int4|int8|serial|bigserial|smallserial|year)\b/, 'integer'],
    [/^(numeric|decimal|dec|fixed|money|number)\b/, 'decimal'],
    [/^(real|float|float4|float8|double|double precision)\b/, 'float'],
    [/^(timestamptz|timestamp(\s*\(\d+\))?\s+with time zone)$/, 'timestamptz'],
    [/^(timestamp|datetime)\b/, 'timestamp'],
    [/^date$/, 'date'],
    [/^(time|timetz)\b/, 'time'],
    [/^uuid$/, 'uuid'],
    [/^(json|jsonb)$/, 'json'],
    [/^(bytea|blob|tinyblob|mediumblob|longblob|binary|varbinary)\b/, 'bytes'],
    [/^(text|tinytext|mediumtext|longtext|char|character|varchar|character varying|nchar|nvarchar|varchar2|clob|string|citext|name|bpchar|enum|set)\b/, 'text'],
];
/** The family of a type name (case-insensitive), with scale / fractional precision when declared. */
function columnTypeOf(name, typeName, overrides = [], 
/** Float type names that are 4-byte floats in this engine (PostgreSQL `real`, MySQL `float`; SQLite has none). */
singleFloat) {
    const type = typeName.trim();
    const lower = type.toLowerCase().replace(/\s+/g, ' ');
    // PostgreSQL `text[]`, `integer[][]`, DuckDB `VARCHAR[]`, `INTEGER[3]`: a list of the base type.
    const array = /^(.*?)((?:\s*\[\d*\])+)$/.exec(type);
    if (array?.[1] && !overrides.some(([pattern, family]) => family !== 'list' && pattern.test(lower))) {
        return { name, type, family: 'list', element: columnTypeOf(name, array[1], overrides, singleFloat) };
    }
    const set = /^set\s*\((.*)\)$/is.exec(type);
    if (set?.[1] !== undefined) {
        const members = setMembers(set[1]);
        if (members)
            return { name, type, family: 'set', members };
    }
    // A query's SET column (MySQL/MariaDB metadata say SET, not which members): read from its text.
    if (/^set$/i.test(type))
        return { name, type, family: 'set' };
    const family = [...overrides, ...RULES].find(([pattern]) => pattern.test(lower))?.[1] ?? 'unknown';
    const column = { name, type, family };
    const args = /\(\s*(\d+)\s*(?:,\s*(\d+)\s*)?\)/.exec(lower);
    if (family === 'decimal') {
        if (args?.[2] !== undefined)
            column.scale = Number(args[2]);
        else if (args?.[1] !== undefined)
            column.scale = 0; // numeric(p) has scale 0
    }
    else if ((family === 'timestamp' || family === 'timestamptz' || family === 'time') && args?.[1] !== undefined) {
        column.precision = Number(args[1]);
    }
    else if (family === 'float' && singleFloat?.test(lower)) {
        column.singlePrecision = true;
    }
    return column;
}
/** The members of a SET's declaration (`'a','it''s'` → a, it's); undefined when it does not read as one. */
function setMembers(list) {
    const members = [];
    const pattern = /\s*'((?:[^'\\]|''|\\.)*)'\s*(,|$)/gy;
    let match;
    while ((match = pattern.exec(list)) !== null) {
        members.push((match[1] ?? '').replaceAll("''", "'").replace(/\\(.)/g, '$1'));
        if (match[2] === '')
            return pattern.lastIndex >= list.length ? members : undefined;
    }
    return undefined;
}
/** True for the families of collections (`list`, `set`). */
function isCollectionFamily(family) {
    return family === 'list' || family === 'set';
}
/**
 * The family two paired columns are compared as: equal families stay; integer with decimal is
 * decimal; integer or decimal with float is float; timestamp with timestamptz is timestamp (both read
 * as UTC wall time); a SET with a list or JSON is a set, a list with JSON a list. Anything else is a type difference, compared as text.
 */
function commonFamily(a, b) {
    if (a === b)
        return a;
    const pair = new Set([a, b]);
    const has = (x, y) => pair.has(x) && pair.has(y);
    if (has('integer', 'decimal'))
        return 'decimal';
    if (has('integer', 'float') || has('decimal', 'float'))
        return 'float';
    if (has('timestamp', 'timestamptz'))
        return 'timestamp';
    if (has('integer', 'boolean'))
        return 'boolean';
    if (has('text', 'uuid'))
        return 'uuid';
    if (has('text', 'json'))
        return 'json';
    // A SET is unordered: paired with a list (or a JSON array) it compares as a set. A SET against
    // text compares as its own text (members joined by commas in declaration order).
    if (has('set', 'list') || has('set', 'json'))
        return 'set';
    if (has('list', 'json'))
        return 'list';
    if (has('set', 'text'))
        return 'text';
    return undefined;
}
/** Families whose values are numbers (tolerance applies). */
function isNumericFamily(family) {
    return family === 'integer' || family === 'decimal' || family === 'float';
}
//# sourceMappingURL=type-family.js.map

/***/ })

};
