// The `datacompare` command (bin/datacompare.js loads the build of this file).
import { runCli } from '../cli/main.js';
import { endProcess, killNotice } from '../shared/exit-holds.js';

// Exit explicitly: open database pools or sockets must not keep a finished run alive, nor a DuckDB
// statement that ignored its stop (then the process is killed: status 137).
const status = await runCli(process.argv.slice(2));
endProcess(status, {
  onEnd: (held) => {
    if (held.length > 0) {
      process.stderr.write(`datacompare: ${killNotice(held, `exit status 137 instead of ${status}`)}.\n`);
    }
  },
});
