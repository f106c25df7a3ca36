// The action's one bundle (dist/index.js) serves both `main` and `post` (see action.yml).
import { runAction } from '../action/main.js';
import { useProxyFromEnvironment } from '../shared/proxy.js';

await useProxyFromEnvironment();

await runAction();
// Exit explicitly (with the status setFailed chose): open sockets or pools must not keep the step alive.
process.exit();
