import { existsSync, mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

import { removeAbandonedFolders } from './rebuild-insights.job.ts';

describe('removeAbandonedFolders', () => {
  it('removes the wage folders a day old and leaves the rest', () => {
    const parent = mkdtempSync(join(tmpdir(), 'laurel-abandoned-'));
    try {
      const old = join(parent, 'laurel-insights-old');
      const fresh = join(parent, 'laurel-insights-fresh');
      const other = join(parent, 'other-old');
      for (const folder of [old, fresh, other]) {
        mkdirSync(folder);
        writeFileSync(join(folder, 'a-5.wages'), 'x');
      }
      const twoDaysAgo = new Date(Date.now() - 48 * 60 * 60 * 1000);
      utimesSync(old, twoDaysAgo, twoDaysAgo);
      utimesSync(other, twoDaysAgo, twoDaysAgo);
      removeAbandonedFolders(parent);
      expect([existsSync(old), existsSync(fresh), existsSync(other)]).toEqual([false, true, true]);
    } finally {
      rmSync(parent, { recursive: true, force: true });
    }
  });
});
