import { join } from 'node:path';

import { build } from 'vite';
import { describe, expect, it } from 'vitest';

import { browserOnlyBundle, nodeGlobalsIn } from '../../scripts/browser-only-bundle';

// In jsdom `URL` is not Node's, so paths are joined rather than resolved from import.meta.url.
const WEB_ROOT = join(import.meta.dirname, '../..');
const INSIGHTS_CSV = join(WEB_ROOT, 'src/features/insights/lib/insights-csv.ts');

/** Builds `code` as the entry of a browser bundle, with the build check and nothing else. */
async function bundle(code: string) {
  return build({
    configFile: false,
    root: WEB_ROOT,
    logLevel: 'silent',
    plugins: [
      {
        name: 'test-entry',
        resolveId: (id) => (id === 'test:entry' ? '\0test-entry' : null),
        load: (id) => (id === '\0test-entry' ? code : null),
      },
      browserOnlyBundle(),
    ],
    build: { write: false, rolldownOptions: { input: 'test:entry' } },
  });
}

const names = (code: string) => nodeGlobalsIn(code).map((use) => use.name);

describe("the build's check that no Node code reaches the browser", () => {
  it('finds the Node-only globals a bundle uses', () => {
    expect(names('export const a = Buffer.from("x")')).toEqual(['Buffer']);
    expect(names('export const a = process.env.API_URL')).toEqual(['process']);
    expect(names('export default global.fetch')).toEqual(['global']);
    expect(names('export const a = require("fs"), b = __dirname')).toEqual([
      'require',
      '__dirname',
    ]);
    expect(names('setImmediate(() => 1)')).toEqual(['setImmediate']);
    expect(names('export const f = (x) => { if (x) return Buffer.isBuffer(x) }')).toEqual([
      'Buffer',
    ]);
    // A test of something else guards nothing.
    expect(names('export const a = typeof window < "u" ? process.env.X : 1')).toEqual(['process']);
  });

  it('allows what browsers run: guarded uses, properties, strings and variables of its own', () => {
    for (const code of [
      'export const a = typeof Buffer < "u" && Buffer.from ? (s) => Buffer.from(s) : null',
      'export const a = typeof process == "object" && typeof process.emit == "function"',
      'if (typeof process !== "undefined") process.nextTick(() => 1)',
      'export const a = typeof setImmediate < "u" ? setImmediate : null',
      'const isNode = () => typeof global < "u"; export const a = () => isNode() && global.__NEXT',
      'function isNode() { return typeof global < "u" } export const a = isNode() ? global.x : 1',
      'export const a = (x) => x.Buffer ?? x.process',
      'export const a = { process: 1, global() {} }',
      'export const a = "not found during the sign-in process"',
      'let process = 1; export const a = process + 1',
      'export const a = (Buffer) => Buffer.from("x")',
    ])
      expect(names(code), code).toEqual([]);
  });

  it('fails a build that bundles a Node built-in module, naming it', async () => {
    await expect(
      bundle('import { Buffer } from "node:buffer"; export const a = Buffer.alloc(1);'),
    ).rejects.toThrow(/bundles the Node built-in module "node:buffer"/);
    await expect(
      bundle('import { Readable } from "stream"; export const a = Readable;'),
    ).rejects.toThrow(/bundles the Node built-in module "stream"/);
    await expect(
      bundle('import { readFileSync } from "fs"; export const a = readFileSync;'),
    ).rejects.toThrow(/bundles the Node built-in module "fs"/);
  });

  it('fails a build whose code uses the global Buffer or process', async () => {
    await expect(bundle('export const a = Buffer.from("x");')).rejects.toThrow(
      /uses the global Buffer, which browsers do not define/,
    );
    await expect(bundle('export const a = process.cwd();')).rejects.toThrow(
      /uses the global process, which browsers do not define/,
    );
    await expect(bundle('export const a = 1;')).resolves.toBeDefined();
  });

  it("passes the insights export's CSV writer, which the browser runs", async () => {
    await expect(
      bundle(
        `import { insightsToCsv } from ${JSON.stringify(INSIGHTS_CSV)}; export default insightsToCsv;`,
      ),
    ).resolves.toBeDefined();
  });
});
