// `npm start`: builds the web app if its sources changed (unless WEB_DIST names a build of its
// own), then runs the server (migrations, demo world on an empty database,
// http://localhost:3000) in its own process with the runtime settings of scripts/server-runtime.ts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { serverRuntimeEnv } from './server-runtime.ts';
import { buildWebIfNeeded } from './web-build.ts';

if (!process.env.WEB_DIST) buildWebIfNeeded();

const main = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
// The server runs in its own process group, so every signal reaches it through this process,
// exactly once: a SIGTERM sent to the whole group (what some process managers do) would otherwise
// arrive twice, once from the kernel and once forwarded, and the server takes a second signal as
// an order to stop at once. The IPC channel is how the server learns that this process is gone
// (killed with SIGKILL, which cannot be passed on): it then stops by itself, as on SIGTERM.
const server = spawn(process.execPath, [main], {
  stdio: ['inherit', 'inherit', 'inherit', 'ipc'],
  env: { ...process.env, ...serverRuntimeEnv() },
  detached: true,
});

// Under npm, one signal to the whole group (Ctrl+C on a terminal, `kill -- -<pgid>`) reaches this
// process twice within moments: from the kernel and forwarded by npm. That copy is dropped, once
// per signal passed on; any further one is passed on, so a second Ctrl+C stops the server at once.
const UNDER_NPM = Boolean(process.env.npm_lifecycle_event);
const SAME_SIGNAL_MS = 300;
let passedOn = { signal: '', at: 0, copyDropped: true };
function forward(signal: NodeJS.Signals) {
  const now = Date.now();
  const copy =
    UNDER_NPM &&
    !passedOn.copyDropped &&
    signal === passedOn.signal &&
    now - passedOn.at < SAME_SIGNAL_MS;
  if (copy) {
    passedOn.copyDropped = true;
    return;
  }
  passedOn = { signal, at: now, copyDropped: false };
  server.kill(signal);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const)
  process.on(signal, () => forward(signal));
// The channel carries no messages; it must not keep this process alive after the server exits.
server.channel?.unref();
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
