// `npm run bench`: the benchmark's entry (not part of the test suite). Options: see bench/args.ts.
import './register.js';

const { main } = await import('./main.ts');
process.exitCode = await main(process.argv.slice(2));
