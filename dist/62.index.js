export const id = 62;
export const ids = [62];
export const modules = {

/***/ 47062:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

// ESM COMPAT FLAG
__webpack_require__.r(__webpack_exports__);

// EXPORTS
__webpack_require__.d(__webpack_exports__, {
  sqliteColumnsRead: () => (/* binding */ sqliteColumnsRead)
});

// EXTERNAL MODULE: external "node:sqlite"
var external_node_sqlite_ = __webpack_require__(80099);
;// CONCATENATED MODULE: ./build/src/sql/read-scope.js
/**
 * What a statement reads, resolved the way the database resolves its names: each FROM item is a
 * range (a table of the data source's catalog, a derived table, a CTE, a function), and each
 * reference is tried in every way the database could read it: a column of any range it can see, a
 * relation's whole row (`x`, `x.*`, `to_jsonb(x)`, `email(x)`), a field of a composite column, a name
 * of the SELECT's own output. Every interpretation that reaches a table's column counts, so what the
 * database really reads is always among what is counted. A reference that no interpretation explains
 * is not guessed at: the analysis stops, naming it (`Unproven`).
 *
 * Names are compared as the dialect compares them (`NameRules.fold`): PostgreSQL's exactly, its parser
 * having folded the unquoted ones already (`"Info"` and `info` are two columns); MariaDB/MySQL's whatever
 * their case, every table and column matching in any case counted (fail closed).
 *
 * A derived table or a CTE reads nothing of its own when referred to: every column its definition
 * reads (its `*` as every column of its tables) was counted where it is defined. Only a catalog table
 * reached by a name, a `*` or a whole row adds reads.
 */
/**
 * The aliases the engine gives the relation it adds a filter to (`FROM … AS b WHERE (filter)` in
 * src/engine/sides.ts, `AS p` for a profile): a whole-row reference through them reads the subject;
 * through any other name it is unproven, never missed.
 */
const FILTER_ALIASES = ['b', 'p'];
/** A reference or construct whose reads cannot be proven: the walkers throw it, the entry turns it into data. */
class Unproven extends (/* unused pure expression or super */ null && (Error)) {
}
/** The names one SELECT can see: its FROM items, its CTEs, its output names, and the enclosing SELECT's. */
class Scope {
    parent;
    ctes;
    ranges = [];
    outputs = [];
    constructor(parent, ctes) {
        this.parent = parent;
        this.ctes = ctes;
    }
    visible() {
        return this.parent ? [...this.ranges, ...this.parent.visible()] : [...this.ranges];
    }
}
/** The reads collected over a whole statement. */
class Reads {
    tables;
    rules;
    seen = new Map();
    named = new Set();
    constructor(tables, rules) {
        this.tables = tables;
        this.rules = rules;
    }
    /** A name as the dialect compares it. */
    fold(name) {
        return this.rules.fold(name);
    }
    add(table, column, via) {
        const key = `${table}\u0000${column}`;
        if (!this.seen.has(key))
            this.seen.set(key, { table, column, via });
    }
    list() {
        return [...this.seen.values()];
    }
    /** Every catalog table a relation name of the statement denoted (tablesNamed), read or not. */
    namedTables() {
        return [...this.named];
    }
    /** The catalog tables a relation name may denote (every schema's, when unqualified; in every case, where the dialect ignores it); Unproven when none. */
    tablesNamed(parts) {
        const wanted = parts.map((part) => this.fold(part));
        const table = wanted.at(-1);
        const schema = wanted.at(-2);
        const found = this.tables.filter((known) => {
            const name = this.fold(known.name);
            if (schema === undefined)
                return name === table || name.endsWith(`.${table}`);
            return name === `${schema}.${table}` || (schema === this.rules.defaultSchema && name === table);
        });
        if (found.length === 0) {
            throw new Unproven(`it reads \`${parts.join('.')}\`, a table the data source's catalog does not list (another database's, the system's, or one created since the last scan)`);
        }
        for (const known of found)
            this.named.add(known.name);
        return found;
    }
}
/** The scope of a filter: its subject under each alias the engine may give it. */
function filterScope(subject, reads) {
    if (!subject)
        throw new Unproven('the relation it filters is not known (the side names neither a dataset nor a query)');
    const scope = new Scope(undefined, new Map());
    if ('table' in subject) {
        const written = subject.table.split('.');
        for (const table of reads.tablesNamed(written))
            scope.ranges.push(...FILTER_ALIASES.map((alias) => tableRange(reads, table, written, alias, [])));
    }
    else {
        scope.ranges.push(...FILTER_ALIASES.map((alias) => derivedRange(reads, alias, subject.outputs)));
    }
    return scope;
}
function lower(name) {
    return name.toLowerCase();
}
/** A catalog table as a range: referred to by its alias, else by its name (bare or schema-qualified). */
function tableRange(names, table, written, alias, columnAliases) {
    const fold = (name) => names.fold(name);
    const renamed = new Map();
    columnAliases.forEach((name, i) => {
        const column = table.columns[i];
        if (column !== undefined)
            renamed.set(fold(name), column);
    });
    const outputs = table.columns.map((column, i) => fold(columnAliases[i] ?? column));
    return { kind: 'table', names: alias !== undefined ? [[fold(alias)]] : [written.slice(-1).map(fold), written.slice(-2).map(fold)], table, renamed, outputs };
}
/** A derived table, CTE or function as a range; `columnAliases` rename its outputs by position. */
function derivedRange(names, alias, outputs, columnAliases = []) {
    const renamed = [...outputs.map((name, i) => columnAliases[i] ?? name), ...columnAliases.slice(outputs.length)];
    return { kind: 'derived', names: alias === undefined ? [] : [[names.fold(alias)]], outputs: renamed.map((name) => names.fold(name)) };
}
/** The output names a range gives `*` (as the dialect compares names). */
function outputsOf(range) {
    switch (range.kind) {
        case 'table':
            return [...range.outputs];
        case 'derived':
            return [...range.outputs];
        case 'join':
            return range.inner.flatMap(outputsOf);
    }
}
/**
 * Throws Unproven unless every range is a catalog table (or a join of them): a derived table's, a
 * CTE's or a function's columns read nothing where they are referred to (their reads were counted
 * where they are defined), so what one output of it is computed from is not known.
 */
function requireTablesOnly(ranges) {
    for (const range of ranges) {
        if (range.kind === 'join')
            requireTablesOnly(range.inner);
        else if (range.kind !== 'table')
            throw new Unproven('its FROM clause holds a subquery, a WITH query or a function, whose columns this check does not follow one by one');
    }
}
/** Every column of a range (its whole row). */
function readWholeRow(range, reads, via) {
    if (range.kind === 'table')
        for (const column of range.table.columns)
            reads.add(range.table.name, column, via);
    if (range.kind === 'join')
        for (const inner of range.inner)
            readWholeRow(inner, reads, via);
}
/** Reads `name` as a column of `range` (every column it may denote); false when the range has no such column. */
function readColumn(range, name, reads, via) {
    const wanted = reads.fold(name);
    switch (range.kind) {
        case 'table': {
            const renamed = range.renamed.get(wanted);
            const columns = renamed !== undefined ? [renamed] : range.table.columns.filter((column) => reads.fold(column) === wanted);
            for (const column of columns)
                reads.add(range.table.name, column, via);
            return columns.length > 0;
        }
        case 'derived':
            return range.outputs.includes(wanted);
        case 'join': {
            let found = false;
            for (const inner of range.inner)
                found = readColumn(inner, name, reads, via) || found;
            return found;
        }
    }
}
function named(range, parts, reads) {
    const wanted = parts.map((part) => reads.fold(part));
    return range.names.some((name) => name.length === wanted.length && name.every((part, i) => part === wanted[i]));
}
/**
 * `*` (every range of this SELECT) or `x.*` (the ranges named x): each read whole. Returns the
 * output names it gives.
 */
function readStar(scope, qualifier, reads) {
    const via = qualifier.length === 0 ? '`*`' : `\`${qualifier.join('.')}.*\``;
    const ranges = qualifier.length === 0 ? scope.ranges : scope.visible().filter((range) => named(range, qualifier, reads));
    if (qualifier.length > 0 && ranges.length === 0)
        throw new Unproven(`\`${qualifier.join('.')}.*\` names no table or alias it can see`);
    for (const range of ranges)
        readWholeRow(range, reads, via);
    return ranges.flatMap(outputsOf);
}
/**
 * A column reference (`email`, `c.email`, `crm.customers.email`, PostgreSQL's `x` or `x.email_of`)
 * read in every way the dialect could read it; Unproven when no way explains it.
 */
function readReference(scope, parts, reads) {
    const visible = scope.visible();
    const rules = reads.rules;
    const text = `\`${parts.join('.')}\``;
    let explained = false;
    // A column of any visible range (with PostgreSQL, any later parts are fields of a composite value).
    if (parts.length === 1 || rules.rowValues) {
        for (const range of visible)
            explained = readColumn(range, parts[0], reads, text) || explained;
    }
    // A range named by the first parts: its column, or (PostgreSQL) its whole row, or a function of it.
    for (let length = 1; length <= parts.length; length++) {
        for (const range of visible.filter((r) => named(r, parts.slice(0, length), reads))) {
            if (length === parts.length) {
                if (!rules.rowValues)
                    continue;
                readWholeRow(range, reads, `the whole row ${text}`);
                explained = true;
            }
            else if (readColumn(range, parts[length], reads, text)) {
                explained = true;
            }
            else if (rules.rowValues && length === parts.length - 1) {
                // `x.f` with no column f is `f(x)`: a function of the whole row.
                readWholeRow(range, reads, `${text} (a function of the whole row)`);
                explained = true;
            }
        }
    }
    const last = reads.fold(parts.at(-1));
    if (parts.length === 1 && scope.outputs.includes(last))
        explained = true;
    if (parts.length <= 2 && rules.systemColumns.has(last) && visible.some((range) => range.kind === 'table' && (parts.length === 1 || named(range, parts.slice(0, 1), reads))))
        explained = true;
    if (!explained) {
        throw new Unproven(`${text} is neither a column the data source's catalog lists for the tables it reads nor a table or alias it can see (a column added since the last scan shows once the data source is scanned again)`);
    }
}
//# sourceMappingURL=read-scope.js.map
// EXTERNAL MODULE: ./build/src/dialects/sqlite/compiler.js
var compiler = __webpack_require__(40145);
// EXTERNAL MODULE: ./build/src/dialects/sqlite/read-only.js
var read_only = __webpack_require__(17999);
;// CONCATENATED MODULE: ./build/src/dialects/sqlite/columns-read.js
/**
 * What a side's query and filter read, as SQLite itself reports while compiling them (never running
 * them): the authorizer hears every (table, column) a statement reads, a view as the columns of the
 * tables under it, `*` as every column, through CTEs and subqueries; and, per output column, the table
 * column it is a plain copy of (SQLite's column origin). The statement is prepared against
 * the data source's own file, read-only, under the same authorizer rules as a comparison's connection.
 * What SQLite will not compile, or a Node without the authorizer, is unproven.
 */




function sqliteColumnsRead(path, side) {
    let db;
    try {
        db = new external_node_sqlite_.DatabaseSync(path, { readOnly: true, enableForeignKeyConstraints: false });
    }
    catch {
        const unproven = 'its SQLite file could not be opened to ask SQLite what it reads';
        return { ...(side.query ? { query: { unproven } } : {}), ...(side.filter ? { filter: { unproven } } : {}) };
    }
    try {
        const query = side.query?.trim().replace(/;+\s*$/, '');
        const result = {};
        if (query)
            result.query = compiledReads(db, query);
        if (side.filter) {
            const relation = query ? `(${query})` : side.dataset ? compiler/* sqliteCompiler */.U.quoteTable(side.dataset) : undefined;
            if (!relation) {
                result.filter = { unproven: 'the relation it filters is not known (the side names neither a dataset nor a query)' };
            }
            else {
                // The filter as the engine places it; what the query alone reads is the query's.
                const combined = compiledReads(db, `SELECT 1 FROM ${relation} AS ${FILTER_ALIASES[0]} WHERE (${side.filter})`);
                const own = result.query && 'read' in result.query ? new Set(result.query.read.map(key)) : new Set();
                result.filter = 'read' in combined ? { read: combined.read.filter((read) => !own.has(key(read))), outputs: [] } : combined;
            }
        }
        return result;
    }
    finally {
        db.close();
    }
}
function compiledReads(db, sql) {
    const read = new Map();
    const observed = (0,read_only/* authorizeReadsOnly */.Jl)(db, (table, column, database) => {
        if (column === '')
            return; // the table is read for no column (count(*))
        const name = qualified(table, database);
        read.set(`${name}\u0000${column}`, { table: name, column, via: `\`${column}\`` });
    });
    if (!observed)
        return { unproven: "this Node's node:sqlite has no authorizer to ask what a statement reads (Node 24 has one)" };
    let origins;
    try {
        const statement = db.prepare(sql);
        if ((0,read_only/* trailingStatement */.Am)(sql, statement.sourceSQL))
            return { unproven: 'it holds a second statement' };
        // (StatementSync.columns came with Node 22.16 and 23.11)
        origins = typeof statement.columns === 'function' ? statement.columns().map(originOf) : undefined;
    }
    catch (error) {
        return { unproven: `SQLite does not compile it (${error instanceof Error ? error.message : String(error)})` };
    }
    return { read: [...read.values()], outputs: [], ...(origins ? { origins } : {}) };
}
/** The table column an output column is a plain copy of, as SQLite reports it; null for one computed otherwise. */
function originOf({ table, column, database }) {
    if (table === null || column === null)
        return null;
    return { table: qualified(table, database), column };
}
/** A table's name as the catalog writes it: bare in the main database. */
function qualified(table, database) {
    return database === 'main' || database === null ? table : `${database}.${table}`;
}
function key(read) {
    return `${read.table}\u0000${read.column}`;
}
//# sourceMappingURL=columns-read.js.map

/***/ })

};
