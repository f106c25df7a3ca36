// The SQLite connection's worker thread (bundled in sqlite-worker/).
import './sqlite-worker/index.js';
