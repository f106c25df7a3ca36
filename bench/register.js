// Lets the bench run the TypeScript sources directly on Node 24 (type stripping): `./x.js` imported
// from a `.ts` file resolves to `./x.ts` when that file exists. The hook runs in this thread
// (module.registerHooks): `module.register` runs hooks on a worker thread, one round trip per import,
// which cost a process about 0.3 s of its start-up and would be timed as part of each contender.
import { existsSync } from 'node:fs';
import { registerHooks } from 'node:module';
import { fileURLToPath } from 'node:url';

registerHooks({
  resolve(specifier, context, next) {
    if (specifier.startsWith('.') && specifier.endsWith('.js') && context.parentURL?.endsWith('.ts')) {
      const candidate = new URL(`${specifier.slice(0, -3)}.ts`, context.parentURL);
      if (existsSync(fileURLToPath(candidate))) return next(candidate.href, context);
    }
    return next(specifier, context);
  },
});
