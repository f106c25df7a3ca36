// The action's one bundle (dist/index.js) serves both `main` and `post` (see action.yml).
import { runAction } from '../action/main.js';
import { setFailed } from '../action/workflow-commands.js';
import { endProcess, killNotice } from '../shared/exit-holds.js';
import { useProxyFromEnvironment } from '../shared/proxy.js';

await useProxyFromEnvironment();

await runAction();
// Exit explicitly (with the status setFailed chose): open sockets or pools must not keep the step
// alive, nor a DuckDB statement that ignored its stop (then the process is killed).
endProcess(undefined, {
  onEnd: (held) => {
    if (held.length > 0) setFailed(`datacompare: ${killNotice(held)}.`);
  },
});
