// Lets a child `node --experimental-transform-types --import ./register-ts.mjs x.ts` load our
// TypeScript sources, whose imports end in `.js` (NodeNext style): `./a.js` resolves to `./a.ts`.
import { registerHooks } from 'node:module';

registerHooks({
  resolve(specifier, context, next) {
    try {
      return next(specifier, context);
    } catch (error) {
      if ((specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('file:')) && specifier.endsWith('.js')) {
        return next(`${specifier.slice(0, -3)}.ts`, context);
      }
      throw error;
    }
  },
});
