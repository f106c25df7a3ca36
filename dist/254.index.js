export const id = 254;
export const ids = [254];
export const modules = {

/***/ 7254:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   duckdbChecksumHooks: () => (/* binding */ duckdbChecksumHooks)
/* harmony export */ });
/* harmony import */ var _sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__ = __webpack_require__(57065);
/**
 * DuckDB's checksum-diff hooks: the row count DuckDB keeps for a base table (duckdb_tables(),
 * read without a scan). Views, and so CSV and Parquet data sources, have none: then count(*).
 */

const duckdbChecksumHooks = {
    estimatedRowsQuery: (table) => {
        const parts = (0,_sql_compiler_js__WEBPACK_IMPORTED_MODULE_0__/* .splitQualifiedName */ .yU)(table);
        const name = parts.at(-1) ?? table;
        const schema = parts.length > 1 ? (parts.at(-2) ?? null) : null;
        return {
            sql: `SELECT estimated_size AS estimate FROM duckdb_tables()
             WHERE lower(table_name) = lower(?) AND lower(schema_name) = lower(COALESCE(?, current_schema()))
               AND database_name = current_database()`,
            params: [name, schema],
        };
    },
};
//# sourceMappingURL=checksum.js.map

/***/ })

};
