// `npm run dev`: the server with reload on :3000 and the Vite dev server on :5173 (which proxies
// /api and /identity to the server). Ctrl+C stops both.
import { spawn } from 'node:child_process';
import { join } from 'node:path';

import { ROOT } from './web-build.ts';

const children = [
  spawn(
    process.execPath,
    ['--watch-path=apps/server/src', '--watch-path=packages', 'apps/server/src/main.ts'],
    {
      cwd: ROOT,
      stdio: 'inherit',
    },
  ),
  spawn(process.execPath, [join(ROOT, 'node_modules/vite/bin/vite.js')], {
    cwd: join(ROOT, 'apps/web'),
    stdio: 'inherit',
  }),
];

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children) child.on('exit', (code) => code && code !== 0 && stop());
