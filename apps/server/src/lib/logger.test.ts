import { spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

import { createLogger, flushLog } from './logger.ts';

const LOGGER = fileURLToPath(new URL('./logger.ts', import.meta.url));

const linesOf = (file: string) =>
  readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { msg: string; who?: string; level: number });

describe('the server log', () => {
  it('writes every line whole and in order, text beyond ASCII included, once flushed', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'laurel-log-')), 'server.log');
    // A descriptor, as standard output is to the server.
    const logger = createLogger('info', false, openSync(file, 'w'));
    const names = ['Zoë Ōkubo', 'Łukasz Wróbel', '陳美玲', 'Amara 🎓 Okafor'];
    // More than one batch (64 KiB) and one write (128 KiB), so lines cross their boundaries.
    for (let i = 0; i < 2000; i += 1) logger.info({ who: names[i % names.length] }, `line ${i}`);
    logger.debug('below the level');
    await flushLog(logger);
    const lines = linesOf(file);
    expect(lines.map((line) => line.msg)).toEqual(
      Array.from({ length: 2000 }, (_, i) => `line ${i}`),
    );
    expect(lines.map((line) => line.who)).toEqual(
      Array.from({ length: 2000 }, (_, i) => names[i % names.length]),
    );
  });

  it('writes the lines still gathered when the process exits at once', () => {
    const file = join(mkdtempSync(join(tmpdir(), 'laurel-log-')), 'server.log');
    const program = [
      `import { createLogger } from ${JSON.stringify(LOGGER)};`,
      `import { openSync } from 'node:fs';`,
      `const logger = createLogger('info', false, openSync(${JSON.stringify(file)}, 'w'));`,
      `logger.info('first');`,
      `logger.fatal('the last words');`,
      `process.exit(1);`,
    ].join('\n');
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', program], {
      encoding: 'utf8',
    });
    expect(child.status).toBe(1);
    expect(linesOf(file).map((line) => line.msg)).toEqual(['first', 'the last words']);
  });
});
