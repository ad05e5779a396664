// `npm start`: builds the web app if its sources changed, then runs the server
// (migrations, demo world on an empty database, http://localhost:3000) in its own process with
// the runtime settings of scripts/server-runtime.ts.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

import { serverRuntimeEnv } from './server-runtime.ts';
import { buildWebIfNeeded } from './web-build.ts';

buildWebIfNeeded();

const main = fileURLToPath(new URL('../apps/server/src/main.ts', import.meta.url));
const server = spawn(process.execPath, [main], {
  stdio: 'inherit',
  env: { ...process.env, ...serverRuntimeEnv() },
});
// Ctrl+C reaches the server directly (same process group); a SIGTERM sent to this process, as a
// process manager does, is passed on. Either way the server shuts down gracefully and we follow.
process.on('SIGINT', () => undefined);
process.on('SIGTERM', () => server.kill('SIGTERM'));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
