// The job's side of a rebuild's second block reader (./block-reader.thread.ts, decision record
// 071): the thread reads and counts blocks the job's thread has not claimed, while the job's
// thread reads the others and stores and adds every block in order.
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

import type {
  BlockCounting,
  BlockCountingOf,
  BlockToRead,
  StoredCounting,
} from './block-counting.ts';
import type { BlockStatement } from './insight-blocks.ts';
import type { LaterAwardBits } from './later-awards.ts';

/** What the rebuild tells its block reader. */
export interface BlockReaderData extends BlockCountingOf {
  databaseUrl: string;
  /** What the blocks are counted on (stored with each). */
  basis: string;
  /** The blocks to read, in the order the job's thread adds them. */
  blocks: readonly BlockToRead[];
  /** How a block is stored (`InsightsRepository.storeBlockStatement`). */
  statement: BlockStatement;
  later: LaterAwardBits;
  /**
   * Shared with the job's thread, as an Int32Array: at 0 how many of `blocks` the job's thread
   * has added; at 1 + i the claim of `blocks[i]` (`BLOCK_CLAIM`).
   */
  shared: SharedArrayBuffer;
  /** How far past the blocks added either thread reads (`BLOCKS_AHEAD`). */
  ahead: number;
}

/** Who reads a block: nobody yet, the job's thread, or this reader. */
export const BLOCK_CLAIM = { free: 0, job: 1, reader: 2 } as const;

export type BlockReaderReport =
  ({ type: 'block'; index: number } & StoredCounting) | { type: 'done' };

/**
 * A reading thread's heap for new objects: it reads rows by the thousand, and a smaller young
 * generation keeps its resident memory down (decision record 027).
 */
export const READER_RESOURCE_LIMITS = { maxYoungGenerationSizeMb: 6 };

/**
 * Blocks past the first not yet added that either thread may read: what waits to be added, in
 * memory (a block's wages: some 1.5 MB).
 */
export const BLOCKS_AHEAD = 4;

/** How long a reader with nothing left to read may take to end by itself. */
const FINISH_WITHIN_MS = 10_000;

/** A second reader of the blocks `blocks` (indices below are into them). */
export interface BlockReader {
  /** Claims a block for the job's thread: false when the reader has claimed it. */
  claim(index: number): boolean;
  /** The reader's counting of a block it claimed, stored, if it is done (handed over once). */
  take(index: number): StoredCounting | undefined;
  /** Waits until the reader hands over a block or fails, or a second passes. */
  next(): Promise<void>;
  /** The job's thread added the blocks before `index`: the reader may read further. */
  added(index: number): void;
  /** Every block is added: the thread ends (it has nothing left to read). */
  finish(): Promise<void>;
  /** Ends the thread now, whatever it is doing. */
  stop(): Promise<void>;
}

/** Starts a second reader of `blocks` (the whole organization's later awards: `later`). */
export type StartBlockReader = (
  counting: BlockCounting,
  blocks: readonly BlockToRead[],
  later: LaterAwardBits,
) => BlockReader;

/**
 * Starts readers on a thread of their own, each on its own connection to `databaseUrl`, storing
 * the blocks they count with `statement`.
 *
 * @example const reader = blockReaders(url, repository.storeBlockStatement())(counting, blocks, later)
 */
export function blockReaders(databaseUrl: string, statement: BlockStatement): StartBlockReader {
  return (counting, blocks, later) => {
    const shared = new SharedArrayBuffer(4 * (blocks.length + 1));
    const claims = new Int32Array(shared);
    const data: BlockReaderData = {
      organizationId: counting.organizationId,
      asOfYear: counting.asOfYear,
      dollarsOfYear: counting.dollarsOfYear,
      earningsFloor: counting.earningsFloor,
      batchSize: counting.batchSize,
      basis: counting.basis,
      databaseUrl,
      statement,
      blocks,
      later,
      shared,
      ahead: BLOCKS_AHEAD,
    };
    const thread = new Worker(new URL('./block-reader.thread.ts', import.meta.url), {
      workerData: data,
      resourceLimits: READER_RESOURCE_LIMITS,
    });
    const counted = new Map<number, StoredCounting>();
    let failure: Error | null = null;
    let finished = false;
    let wake: (() => void) | null = null;
    const exited = new Promise<void>((resolve) => thread.once('exit', () => resolve()));
    const woken = () => {
      wake?.();
      wake = null;
    };
    thread.on('message', (report: BlockReaderReport) => {
      if (report.type === 'done') finished = true;
      else {
        const { awards, cells, wages, reading } = report;
        counted.set(report.index, { awards, cells, wages, reading });
      }
      woken();
    });
    thread.on('error', (error) => {
      failure ??= error;
      woken();
    });
    thread.on('exit', (code) => {
      if (!finished)
        failure ??= new Error(
          `The insights block reader ended (exit code ${code}) before its blocks`,
        );
      woken();
    });
    return {
      claim: (index) =>
        Atomics.compareExchange(claims, 1 + index, BLOCK_CLAIM.free, BLOCK_CLAIM.job) ===
        BLOCK_CLAIM.free,
      take(index) {
        const block = counted.get(index);
        if (block) counted.delete(index);
        else if (failure) throw failure;
        else if (finished)
          throw new Error(`The insights block reader ended without block ${blocks[index]!.block}`);
        return block;
      },
      async next() {
        const timer = new AbortController();
        await Promise.race([
          new Promise<void>((resolve) => {
            wake = resolve;
          }),
          sleep(1_000, undefined, { signal: timer.signal }).catch(() => undefined),
        ]);
        timer.abort();
      },
      added(index) {
        Atomics.store(claims, 0, index);
        Atomics.notify(claims, 0);
      },
      async finish() {
        Atomics.store(claims, 0, blocks.length);
        Atomics.notify(claims, 0);
        // It has nothing left to read; one that does not end by itself is ended (`stop`).
        const timer = new AbortController();
        await Promise.race([
          exited,
          sleep(FINISH_WITHIN_MS, undefined, { signal: timer.signal }).catch(() => undefined),
        ]);
        timer.abort();
        // A reader that failed before it claimed a block failed all the same.
        if (failure) throw failure;
      },
      async stop() {
        await thread.terminate();
      },
    };
  };
}
