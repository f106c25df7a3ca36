// Lets the bench run the TypeScript sources directly on Node 24 (type stripping): a resolve hook maps
// the `.js` specifiers that NodeNext imports use onto the `.ts` files next to them.
import { register } from 'node:module';

register('./ts-resolve.js', import.meta.url);
