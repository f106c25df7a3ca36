export const id = 463;
export const ids = [463];
export const modules = {

/***/ 72463:
/***/ ((__unused_webpack___webpack_module__, __webpack_exports__, __webpack_require__) => {

__webpack_require__.r(__webpack_exports__);
/* harmony export */ __webpack_require__.d(__webpack_exports__, {
/* harmony export */   sqliteChecksumHooks: () => (/* binding */ sqliteChecksumHooks)
/* harmony export */ });
const sqliteChecksumHooks = {
    estimatedRowsQuery: () => undefined,
};
//# sourceMappingURL=checksum.js.map

/***/ })

};
