import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 60_000,
    hookTimeout: 60_000,
    // Integration tests share the real PostgreSQL/MariaDB; each test file uses its own schema/tables.
    fileParallelism: true,
    maxWorkers: 2,
  },
});
