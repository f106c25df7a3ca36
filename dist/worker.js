// The SQLite connection's worker process (bundled in sqlite-worker/).
import './sqlite-worker/index.js';
