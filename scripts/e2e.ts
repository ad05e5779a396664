// `npm run test:e2e`: the browser tests alone, in Debian's Chromium, against a fresh build.
// Extra arguments go to Playwright, e.g. `npm run test:e2e -- e2e/specs/bookmarks.spec.ts`.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';

import { ensureChromium } from './chromium.ts';
import { buildWebIfNeeded, ROOT } from './web-build.ts';

ensureChromium();
buildWebIfNeeded();
const result = spawnSync(
  join(ROOT, 'node_modules/.bin/playwright'),
  ['test', '-c', 'e2e/playwright.config.ts', ...process.argv.slice(2)],
  { cwd: ROOT, stdio: 'inherit' },
);
process.exit(result.status ?? 1);
