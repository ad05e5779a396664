import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';

import { createDatabase, type DatabaseHandle } from '../apps/server/src/db/database.ts';
import { readQueueStats } from '../apps/server/src/jobs/queue-stats.ts';

export const ROOT = fileURLToPath(new URL('..', import.meta.url));
const LOAD_PROCESS = fileURLToPath(new URL('./load-process.ts', import.meta.url));

/** One line of the benchmark table. */
export interface BenchRow {
  name: string;
  value: number;
  unit: string;
  target?: string;
  pass?: boolean;
  note?: string;
  /** Why the benchmark did not run; the table then says so instead of showing a number. */
  skipped?: string;
  /**
   * Why the figure cannot be held against its target (rounds that disagree, a bare server slower
   * than the app): the table says UNSURE instead of ok or MISSED, and gives the reason.
   */
  unsure?: string;
}

/**
 * Rounds of one ratio further apart than this (largest ÷ smallest) measured the machine's other
 * work more than the code: the figure is reported, not judged.
 */
export const MAX_ROUND_SPREAD = 1.3;

/** Largest ÷ smallest of a set of positive figures (1 when they agree). */
export const spreadOf = (values: number[]): number => Math.max(...values) / Math.min(...values);

/** A row for a benchmark that could not run here, and why (what to set or install). */
export const skippedRow = (name: string, why: string): BenchRow => ({
  name,
  value: 0,
  unit: '',
  skipped: why,
});

/**
 * Which cores a process of a throughput benchmark runs on, so that the server and the load
 * generator do not take turns on the same core: the server (all its threads) on the first core,
 * the load generator on the last. Empty (no pinning) on a one-core machine or without `taskset`
 * (util-linux); `BENCH_PIN=0` turns it off.
 */
export const CORES: { server: string[]; load: string[]; note: string } = (() => {
  const cores = availableParallelism();
  const off = { server: [], load: [], note: 'not pinned' };
  if (process.env.BENCH_PIN === '0') return { ...off, note: 'not pinned (BENCH_PIN=0)' };
  if (cores < 2) return { ...off, note: 'not pinned (one core)' };
  if (spawnSync('taskset', ['-c', '0', 'true']).status !== 0)
    return { ...off, note: 'not pinned (no taskset)' };
  const last = String(cores - 1);
  const first = cores > 2 ? `0-${cores - 2}` : '0';
  return {
    server: ['taskset', '-c', first],
    load: ['taskset', '-c', last],
    note: `server on core ${first}, load generator on core ${last}`,
  };
})();

/** `[program, args]` to run `program args` under `prefix` (a `taskset` command line, or none). */
function under(prefix: string[], program: string, args: string[]): [string, string[]] {
  return prefix.length ? [prefix[0]!, [...prefix.slice(1), program, ...args]] : [program, args];
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Requests answered in all. */
  total: number;
  errors: number;
  non2xx: number;
}

/**
 * Bounded load on a loopback address: fixed duration and connections, stops by itself. autocannon
 * runs in a process of its own (bench/load-process.ts), apart from the server and this process.
 */
export async function load(
  url: string,
  options: {
    headers?: Record<string, string>;
    connections?: number;
    duration?: number;
    /** Run on the load generator's core (`CORES`). */
    pinned?: boolean;
  } = {},
): Promise<LoadResult> {
  const settings = {
    url,
    connections: options.connections ?? 20,
    duration: options.duration ?? 8,
    headers: options.headers ?? {},
  };
  const [program, args] = options.pinned
    ? under(CORES.load, process.execPath, [LOAD_PROCESS, JSON.stringify(settings)])
    : [process.execPath, [LOAD_PROCESS, JSON.stringify(settings)]];
  const child = spawn(program, args, {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`the load generator exited with ${code}`);
  return JSON.parse(output) as LoadResult;
}

export interface Child {
  url: string;
  process: ChildProcess;
  output: () => string;
  stop(): Promise<void>;
}

export interface StartOptions {
  /** Run this program with `args` instead of Node with the script (e.g. `npm` with `start`). */
  command?: string;
  /** Write the process's standard output (its JSON log lines) to this file instead of keeping it. */
  stdoutFile?: string;
  /** Run on the server's cores (`CORES`), apart from a pinned load generator. */
  pinned?: boolean;
}

/**
 * Starts a Node script (or `options.command`) with the given environment and waits until
 * `readyPath` answers 200.
 */
export async function startProcess(
  script: string,
  args: string[],
  env: Record<string, string>,
  url: string,
  readyPath: string,
  timeoutMs = 60_000,
  options: StartOptions = {},
): Promise<Child> {
  const stdout = options.stdoutFile ? openSync(options.stdoutFile, 'w') : 'pipe';
  const [command, commandArgs] = options.command
    ? [options.command, args]
    : [process.execPath, [script, ...args]];
  const [program, programArgs] = options.pinned
    ? under(CORES.server, command, commandArgs)
    : [command, commandArgs];
  const child = spawn(program, programArgs, {
    cwd: ROOT,
    // No load balancer to drain: a stopped server stops at once.
    // Benchmarks call far faster than a person would: the API limits are raised out of the way,
    // while every request is still counted.
    env: {
      ...process.env,
      SHUTDOWN_DRAIN_SECONDS: '0',
      API_RATE_LIMIT_PER_USER: '1000000000',
      API_RATE_LIMIT_PER_ADDRESS: '1000000000',
      ...env,
    },
    stdio: ['ignore', stdout, 'pipe'],
  });
  if (typeof stdout === 'number') closeSync(stdout);
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null)
      throw new Error(`${script} exited with ${child.exitCode}:\n${output}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${script} did not become ready:\n${output}`);
    }
    try {
      if ((await fetch(url + readyPath)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    url,
    process: child,
    output: () => output,
    async stop() {
      if (child.exitCode !== null) return;
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    },
  };
}

export function printTable(rows: BenchRow[]): void {
  const lines = rows.map((r) => [
    r.name,
    r.skipped !== undefined
      ? `skipped (${r.skipped})`
      : `${Number.isInteger(r.value) ? r.value : r.value.toFixed(2)} ${r.unit}`,
    r.target ?? '',
    r.unsure !== undefined ? 'UNSURE' : r.pass === undefined ? '' : r.pass ? 'ok' : 'MISSED',
    r.unsure !== undefined ? `${r.unsure}; ${r.note ?? ''}` : (r.note ?? ''),
  ]);
  const header = ['benchmark', 'result', 'target', '', 'note'];
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const fmt = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  console.log(fmt(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const line of lines) console.log(fmt(line));
}

/**
 * Waits until the jobs queued in a server's database have run, such as the demo world's matching
 * and insights that a server queues when it seeds it: a measurement taken meanwhile shares the
 * cores with them and measures the jobs as well. Takes an open database, or the URL of one to open
 * for the wait.
 */
export async function untilJobsDone(database: DatabaseHandle | string): Promise<void> {
  const handle = typeof database === 'string' ? createDatabase(database) : database;
  try {
    for (const deadline = Date.now() + 600_000; ;) {
      const stats = await readQueueStats(handle.db, handle.dialect);
      if (stats.every((s) => s.queued + s.running === 0)) return;
      if (Date.now() > deadline)
        throw new Error("the demo world's jobs did not finish in 10 minutes");
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  } finally {
    if (handle !== database) await handle.destroy();
  }
}
