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
 * scan) and two key-range slices per checksum scan (one query runs on one core). Where GROUP_CONCAT
 * would cut a bucket's row texts, the connection says (`textAggregateCap`).
 */

const mysqlChecksumHooks = {
    parallelScans: 2,
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

/***/ })

};
