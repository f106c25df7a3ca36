/**
 * The entry of a SQLite connection's worker process (worker-main.ts does the work; started by
 * worker-process.ts). Started from the TypeScript sources (the tests), Node strips the types but
 * resolves `./x.js` literally: the hook maps our imports to their `.ts` files first.
 */
import { registerHooks } from 'node:module';

if (import.meta.url.endsWith('.ts')) {
  registerHooks({
    resolve(specifier, context, next) {
      if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
        return next(`${specifier.slice(0, -3)}.ts`, context);
      }
      return next(specifier, context);
    },
  });
}

await import('./worker-main.js');
