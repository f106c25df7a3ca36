// The action's one bundle (dist/index.js) serves both `main` and `post` (see action.yml).
import { runAction } from '../action/main.js';
import { setFailed } from '../action/workflow-commands.js';
import { toDatacompareError } from '../shared/errors.js';
import { endProcess, killNotice } from '../shared/exit-holds.js';
import { redact } from '../shared/redact.js';
import { useProxyFromEnvironment } from '../shared/proxy.js';

// A proxy URL that does not read one way fails the step before anything else (no request could go out).
const proxy = await useProxyFromEnvironment().then(() => undefined, toDatacompareError);
if (proxy) setFailed(redact(`${proxy.message}\nhint: ${proxy.hint ?? ''}`));
else await runAction();
// Exit explicitly (with the status setFailed chose): open sockets or pools must not keep the step
// alive, nor a DuckDB statement that ignored its stop (then the process is killed).
endProcess(undefined, {
  onEnd: (held) => {
    if (held.length > 0) setFailed(`datacompare: ${killNotice(held)}.`);
  },
});
