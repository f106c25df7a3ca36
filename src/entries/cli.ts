// The `datacompare` command (bin/datacompare.js loads the build of this file).
import { runCli } from '../cli/main.js';
import { useProxyFromEnvironment } from '../shared/proxy.js';

await useProxyFromEnvironment();

// Exit explicitly: open database pools or sockets must not keep a finished run alive.
process.exit(await runCli(process.argv.slice(2)));
