export const id = 49;
export const ids = [49];
export const modules = {

/***/ 93049:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   mysqlChecksumHooks: () => (/* binding */ mysqlChecksumHooks)
/* harmony export */ });
/* harmony import */ var _sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57065);
/**
 * MySQL/MariaDB's checksum-diff hooks: InnoDB's row estimate of a table (information_schema, no
 * scan), two key-range slices per checksum scan (one query runs on one core), and where GROUP_CONCAT
 * would cut a bucket's row texts.
 */

const mysqlChecksumHooks = {
    parallelScans: 2,
    orderedTextCapQuery: 'SELECT LEAST(@@session.group_concat_max_len, @@session.max_allowed_packet) AS cap',
    estimatedRowsQuery: (table) => {
        const parts = (0,_sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .splitQualifiedName */ .yU)(table);
        const name = parts[parts.length - 1] ?? table;
        const schema = parts.length > 1 ? parts[parts.length - 2] : undefined;
        return {
            sql: 'SELECT table_rows AS estimate FROM information_schema.tables WHERE table_schema = COALESCE(?, DATABASE()) AND table_name = ?',
            params: [schema ?? null, name],
        };
    },
};
//# sourceMappingURL=checksum.js.map

/***/ }),

/***/ 57065:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   Jm: () => (/* binding */ BaseSqlCompiler),
/* harmony export */   _3: () => (/* binding */ SAME_VALUE_FAMILIES),
/* harmony export */   yU: () => (/* binding */ splitQualifiedName)
/* harmony export */ });
/* harmony import */ var _canonical_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(67632);
/**
 * The base SQL compiler: ANSI defaults for every hook of `SqlCompiler`; each dialect overrides only
 * what differs. `normalize` dispatches by type family to one small hook per family, and applies the
 * rules that are the same everywhere (timestamp truncation to a common precision, padding to 6).
 */

/** Families whose equality is identity on PostgreSQL and MariaDB for two columns of one declared type (`sameValue`). */
const SAME_VALUE_FAMILIES = new Set(['integer', 'decimal', 'float', 'boolean', 'date', 'time', 'timestamp', 'timestamptz']);
class BaseSqlCompiler {
    supportsFullOuterJoin = true;
    quoteIdentifier(name) {
        return `"${name.replaceAll('"', '""')}"`;
    }
    quoteTable(name) {
        return splitQualifiedName(name)
            .map((part) => this.quoteIdentifier(part))
            .join('.');
    }
    placeholder(_index) {
        return '?';
    }
    /** A text literal read the same way whatever the session's escaping mode (see the dialects' overrides). */
    stringLiteral(text) {
        return `'${text.replaceAll("'", "''")}'`;
    }
    hashText(expr, column, options) {
        return this.normalize(expr, column, options);
    }
    normalize(expr, column, options) {
        switch (column.family) {
            case 'integer':
                return this.integerText(expr);
            case 'decimal':
                return this.decimalText(expr, options.scale);
            case 'float':
                return options.singlePrecision ? this.singleFloatText(expr) : this.floatText(expr);
            case 'boolean':
                return this.booleanText(expr);
            case 'date':
                return this.dateText(expr);
            case 'timestamp':
            case 'timestamptz':
                return this.truncateFraction(this.timestampText(expr, column.family === 'timestamptz'), 19, options.precision);
            case 'time':
                return this.truncateFraction(this.timeText(expr), 8, options.precision);
            case 'text':
                return options.caseSensitive ? this.textText(expr) : this.lowerText(this.textText(expr));
            case 'uuid':
                return this.lowerText(this.textText(expr));
            case 'json':
                return this.jsonText(expr);
            case 'bytes':
                return this.bytesText(expr);
            case 'list':
            case 'set':
                return this.collectionText(expr, column, options);
            case 'unknown':
                return options.caseSensitive ? this.textText(expr) : this.lowerText(this.textText(expr));
        }
    }
    /** `…SS.ffffff` (6 digits) → keep `precision` digits, pad back to 6 with zeros (truncation, never rounding). */
    truncateFraction(text6, secondsLength, precision = 6) {
        const digits = Math.max(0, Math.min(6, Math.trunc(precision)));
        if (digits === 6)
            return text6;
        return this.concat([`substr(${text6}, 1, ${secondsLength + 1 + digits})`, this.stringLiteral('0'.repeat(6 - digits))]);
    }
    // ── per-family hooks: each returns canonical text (NULL for NULL) ──
    integerText(expr) {
        return `CAST(${expr} AS VARCHAR(40))`;
    }
    /**
     * A float rounded to a 4-byte float, as text unique per 4-byte value (`canonicalFloat(text, true)`
     * finishes it where two engines meet). Default: the engine's own float text.
     */
    singleFloatText(expr) {
        return this.floatText(expr);
    }
    booleanText(expr) {
        return `CASE WHEN ${expr} IS NULL THEN NULL WHEN ${expr} THEN '1' ELSE '0' END`;
    }
    textText(expr) {
        return `CAST(${expr} AS VARCHAR)`;
    }
    lowerText(expr) {
        return `lower(${expr})`;
    }
    /**
     * A collection's canonical text (see src/sql/collection.ts). Here: a column that is no collection
     * of this engine (JSON, or text holding a JSON array) as its JSON text or text, which JavaScript
     * finishes with `canonicalCollection` (`jsonCollections` false). Dialects override it for their
     * own collection types (`column.element`, `column.members`).
     */
    collectionText(expr, column, _options) {
        return column.stored === 'json' ? this.jsonText(expr) : this.textText(expr);
    }
    /** The column type and options a collection's members are normalised with. */
    memberOf(column, options) {
        const element = column.element ?? { name: column.name, type: 'text', family: 'text' };
        return {
            column: { ...element, family: options.member?.family ?? element.family },
            options: options.member?.options ?? { caseSensitive: options.caseSensitive },
        };
    }
    /** A member's token (`collectionToken`): NULL → `null`, else `"` + the text with `\` and `"` escaped + `"`. */
    memberToken(member) {
        const escaped = `replace(replace(${member}, ${this.stringLiteral('\\')}, ${this.stringLiteral('\\\\')}), '"', ${this.stringLiteral('\\"')})`;
        return `CASE WHEN ${member} IS NULL THEN 'null' ELSE ${this.concat([`'"'`, escaped, `'"'`])} END`;
    }
    // ── comparison and composition ──
    binaryText(expr) {
        return expr;
    }
    sameValue(_a, _b, _column) {
        return undefined;
    }
    isDistinct(a, b) {
        return `(${a}) IS DISTINCT FROM (${b})`;
    }
    textToNumber(expr) {
        return `CAST(${expr} AS NUMERIC)`;
    }
    withinTolerance(a, b, tolerance) {
        return `ABS(${this.textToNumber(a)} - ${this.textToNumber(b)}) <= ${(0,_canonical_js__WEBPACK_IMPORTED_MODULE_0__/* .plainNumber */ .ku)(String(tolerance))}`;
    }
    charLength(expr) {
        return `char_length(${expr})`;
    }
    byteLength(expr) {
        return `octet_length(${expr})`;
    }
    concat(parts) {
        return parts.length === 1 ? (parts[0] ?? "''") : `(${parts.join(' || ')})`;
    }
    rowText(parts) {
        const pieces = parts.map((part) => `CASE WHEN ${part} IS NULL THEN '-' ELSE ${this.concat([this.integerText(this.byteLength(part)), "':'", part])} END`);
        return this.concat(pieces.flatMap((piece, i) => (i === 0 ? [piece] : ["'|'", piece])));
    }
    limit(n) {
        return `LIMIT ${Math.max(0, Math.trunc(n))}`;
    }
    derivedTable(sql, alias) {
        return `(${sql}) AS ${this.quoteIdentifier(alias)}`;
    }
}
/**
 * `schema.table` → ['schema', 'table']; a part may be quoted with "…" or `…` to contain dots.
 * `a.b.c` (catalog.schema.table) keeps three parts.
 */
function splitQualifiedName(name) {
    const parts = [];
    let current = '';
    let quote;
    for (let i = 0; i < name.length; i++) {
        const ch = name[i];
        if (quote) {
            if (ch === quote && name[i + 1] === quote) {
                current += ch;
                i++;
            }
            else if (ch === quote)
                quote = undefined;
            else
                current += ch;
        }
        else if (ch === '"' || ch === '`')
            quote = ch;
        else if (ch === '.') {
            parts.push(current);
            current = '';
        }
        else
            current += ch;
    }
    parts.push(current);
    return parts.map((p) => p.trim());
}
//# sourceMappingURL=compiler.js.map

/***/ })

};
