// Lint: typescript-eslint's recommended rules over the whole repository (flat config).
// `npm run lint` also runs scripts/check-layout.js (import arrows and file names of house-style.md).
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/**', 'build/**', 'node_modules/**', 'coverage/**', 'bench/data/**'] },
  tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
      eqeqeq: ['error', 'smart'],
      'no-console': 'off',
    },
  },
  {
    // Test harnesses poke at untyped wire data.
    files: ['test/**/*.ts', 'bench/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['src/**/*.ts'],
    rules: {
      // Domain code logs through the Logger it is given; only entries and the CLI print.
      'no-console': 'error',
    },
  },
);
