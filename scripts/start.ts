// `npm start`: builds the web app if its sources changed, then runs the server
// (migrations, demo world on an empty database, http://localhost:3000) in its own process with
// the runtime settings of scripts/server-runtime.ts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { serverRuntimeEnv } from './server-runtime.ts';
import { buildWebIfNeeded } from './web-build.ts';

buildWebIfNeeded();

const main = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
// The server runs in its own process group, so every signal reaches it through this process,
// exactly once: a SIGTERM sent to the whole group (what some process managers do) would otherwise
// arrive twice, once from the kernel and once forwarded, and the server takes a second signal as
// an order to stop at once. npm passes its signals on to this process too (the script `exec`s
// node), hence the dedupe of a signal repeated within a second.
const server = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: { ...process.env, ...serverRuntimeEnv() },
  detached: true,
});
let last = { signal: '', at: 0 };
function forward(signal: NodeJS.Signals) {
  const now = Date.now();
  if (signal === last.signal && now - last.at < 1000) return;
  last = { signal, at: now };
  server.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => forward(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
