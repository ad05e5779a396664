import type { Kysely } from 'kysely';
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { Worker } from 'node:worker_threads';

import { INSIGHTS_DEFAULT_EARNINGS_FLOOR } from '@laurel/contract/insights';

import type { Database } from '../../db/schema.ts';
import { type JobContext, type JobHandler, JobInterruptedError } from '../../jobs/types.ts';
import { latestCompleteYear } from '../earnings/earnings-provider.ts';
import { recordWebhookEvent } from '../webhooks/webhook-outbox.ts';
import { INSIGHTS_METHOD } from '../../lib/insights-method.ts';
import { type BlockReadings, countByBlocks } from './block-counting.ts';
import { blockReaders, READER_RESOURCE_LIMITS, type StartBlockReader } from './block-reader.ts';
import {
  type InsightStateToStore,
  type StateCounting,
  stateOfFullReading,
  updateFromState,
} from './insight-state.ts';
import { type RankWindow, WINDOW_SIZES, type WindowSizes } from './rank-windows.ts';
import { keepingWindows } from './windowed-selection.ts';
import { blockBasis } from './insight-blocks.ts';
import { dollarsYearFor } from './cpi-u.ts';
import {
  type CountedShare,
  createInsightsBuilder,
  type InsightsBuilder,
} from './insights-builder.ts';
import type { CohortAggregate, CredentialSummary } from './cohorts.ts';
import { createInsightsRepository } from './insights.repository.ts';
import { laterAwardsOf } from './later-awards.ts';
import type { RebuildThreadData, RebuildThreadReport } from './rebuild-insights.thread.ts';
import { createProgressRecorder, type ProgressRecorder } from './rebuild-progress.ts';
import { rankSelectorThread, type StartRankSelector } from './shared-selection.ts';

export const REBUILD_BATCH_SIZE = 5000;

/**
 * The threads a reading of every award (the consistency check's) may read and count on: every
 * core but one, which is left to HTTP (the server's own thread). A reading whose first batch is
 * full reads and counts the rest on two threads (the job's and one more, each a range of award
 * ids on its own connection) when it may have two, that is on three cores or more; on two cores
 * it keeps to the job's thread. Each thread's cells are kept side by side. An instance runs one
 * job at a time, so its readings never take more than this (decision record 063; a rebuild by
 * blocks: `blockReadersFor`).
 */
export const rebuildThreadsFor = (cores: number): number => Math.max(1, cores - 1);

/**
 * The threads a rebuild by blocks reads on: with two cores or more, the job's and a second at the
 * lowest priority the system gives (./block-reader.ts), which runs on what HTTP and the job's
 * thread leave of the cores (decision record 071).
 */
export const blockReadersFor = (cores: number): number => (cores >= 2 ? 2 : 1);

/**
 * How a computation counted: from the stored state and the blocks changed since (decision record
 * 069), by blocks (the stored ones that did not change added as they are, 068), or every award.
 */
export type CountedBy = 'changes' | 'blocks' | 'awards';

export interface RebuildResult {
  countedBy: CountedBy;
  /** Why it did not count from the stored state and the changes alone. */
  fallback?: string;
  /** Counted from the state: the samples selected again from every block's wages. */
  refilled?: number;
  awards: number;
  /** The awards read from their earnings (the others were counted in stored blocks). */
  awardsRead: number;
  /** The threads that read and counted the awards. */
  threads: number;
  cohorts: number;
  asOfYear: number;
  dollarsOfYear: number;
}

/** What a rebuild computes for one organization: what it stores, before it is stored. */
export interface ComputedInsights {
  aggregates: CohortAggregate[];
  summaries: CredentialSummary[];
  asOfYear: number;
  dollarsOfYear: number;
  /** The awards read. */
  awards: number;
  /** The threads that read and counted the awards. */
  threads: number;
  /** The awards read from their earnings (the others were counted in stored blocks). */
  awardsRead: number;
  /** What the figures were computed from, to store with them (counting by blocks only). */
  state?: InsightStateToStore;
  countedBy: CountedBy;
  /** Why a rebuild by blocks did not count from the stored state and the changes alone. */
  fallback?: string;
  /** Counted from the state: the samples selected again from every block's wages. */
  refilled?: number;
}

export interface ComputeInsightsOptions {
  now?: Date;
  batchSize?: number;
  onBatch?: () => Promise<void>;
  /** Annual wages (nominal dollars) below this are not counted; default $15,080. */
  earningsFloor?: number;
  /**
   * The database's URL (not an in-memory SQLite database): with it, a large organization is
   * read on two threads (`blockReadersFor`, and `rebuildThreadsFor` when every award is read);
   * without it, on this one.
   */
  databaseUrl?: string;
  /**
   * The machine's cores (default: what Node.js reports); see `blockReadersFor` and
   * `rebuildThreadsFor`.
   */
  cores?: number;
  /** Where the computation records how far it is (default: nowhere). */
  progress?: ProgressRecorder;
  /**
   * Count the stored blocks of awards that did not change and store the blocks read
   * (./block-counting.ts; a rebuild does, the consistency check reads everything on its own).
   */
  reuseBlocks?: boolean;
  /** How wide the windows of ranks are kept (./rank-windows.ts; tests make them narrow). */
  windowSizes?: WindowSizes;
  /**
   * How a second thread reads blocks where it may (default: `blockReaders` of `databaseUrl`;
   * tests leave every block to it).
   */
  blockReader?: StartBlockReader;
  /**
   * How a second thread selects medians and quartiles (default: `rankSelectorThread` where the
   * reading may use two threads; tests pass one to select on two threads whatever the cores).
   */
  rankSelector?: StartRankSelector;
}

/** A computation nobody follows (the consistency check): it records no progress. */
const UNRECORDED: ProgressRecorder = {
  start: async () => undefined,
  read: async () => undefined,
  phase: async () => undefined,
  finish: async () => undefined,
};

/**
 * Recomputes one organization's insight aggregates and credential summaries from its awards and
 * earnings (read once, in batches), exactly as a rebuild stores them, and stores nothing: the
 * rebuild stores what this returns, the consistency check compares it with what is stored.
 */
export async function computeInsights(
  db: Kysely<Database>,
  organizationId: number,
  options: ComputeInsightsOptions = {},
): Promise<ComputedInsights> {
  const asOfYear = latestCompleteYear(options.now ?? new Date());
  const dollarsOfYear = dollarsYearFor(asOfYear);
  const repository = createInsightsRepository(db);
  const progress = options.progress ?? UNRECORDED;
  const earningsFloor = options.earningsFloor ?? INSIGHTS_DEFAULT_EARNINGS_FLOOR;
  // The progress starts with the awards to read: the organization's, or (counted from the stored
  // state) those of the blocks changed, once they are known.
  const startWithEvery = async () => progress.start(await repository.awardCount(organizationId));
  if (!options.reuseBlocks) await startWithEvery();
  // The counted wages wait in files here until the figures are computed (decision record 062).
  removeAbandonedFolders(tmpdir());
  const directory = mkdtempSync(join(tmpdir(), WAGES_FOLDER_PREFIX));
  try {
    return await repository.scanning(() => computeIn(directory));
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }

  async function computeIn(directory: string): Promise<ComputedInsights> {
    const counting = {
      organizationId,
      asOfYear,
      dollarsOfYear,
      earningsFloor,
      batchSize: options.batchSize ?? REBUILD_BATCH_SIZE,
      directory,
      basis: blockBasis({ method: INSIGHTS_METHOD, asOfYear, dollarsOfYear, earningsFloor }),
      windowSizes: options.windowSizes ?? WINDOW_SIZES,
      onProgress: async (awards: number) => {
        await progress.read(awards);
        await options.onBatch?.();
      },
      onStart: (awards: number) => progress.start(awards),
    };
    const url = options.databaseUrl;
    const cores = options.cores ?? availableParallelism();
    const readers =
      url !== undefined && !url.endsWith(':memory:') && blockReadersFor(cores) >= 2
        ? {
            startReader: options.blockReader ?? blockReaders(url, repository.storeBlockStatement()),
          }
        : {};
    // The medians and quartiles are selected on two threads where the reading may use two.
    const twoThreads = options.reuseBlocks
      ? blockReadersFor(cores) >= 2
      : rebuildThreadsFor(cores) >= 2;
    const selectOn = options.rankSelector ?? (twoThreads ? rankSelectorThread : undefined);
    const builder = createInsightsBuilder({
      asOfYear,
      dollarsOfYear,
      directory,
      ...(selectOn ? { selectOn } : {}),
    });
    // A failed computation closes the files it was writing (the folder goes with the caller's).
    try {
      return await count(builder, { ...counting, ...readers });
    } finally {
      builder.dispose();
    }
  }

  async function count(
    builder: InsightsBuilder,
    counting: StateCounting,
  ): Promise<ComputedInsights> {
    let fallback: string | undefined;
    if (options.reuseBlocks) {
      // After a small change: only the changed blocks, from the state stored with the figures.
      const state = await repository.insightState(organizationId);
      const updated = state
        ? await updateFromState(repository, repository.awardCounter('packed'), counting, state)
        : { fallback: 'no state stored' };
      if ('fallback' in updated) {
        fallback = updated.fallback;
        await startWithEvery();
      } else {
        await progress.phase('computing');
        const { aggregates, summaries, awards, awardsRead } = updated;
        const result = { aggregates, summaries, asOfYear, dollarsOfYear, awards, awardsRead };
        const { state: next, refilled } = updated;
        return { ...result, threads: 1, state: next, countedBy: 'changes', refilled };
      }
    }
    const counted = options.reuseBlocks
      ? await countStoredBlocks(builder, counting)
      : await readAll(builder);
    await progress.phase('computing');
    // Counting by blocks keeps the windows of ranks for the next rebuild.
    let windows = new Map<string, RankWindow>();
    const { aggregates, summaries, cells } = await builder.finish(
      counted.more,
      async () => {
        await options.onBatch?.();
      },
      (select) => {
        if (!counted.readings) return select;
        const keeping = keepingWindows(select, counting.windowSizes);
        windows = keeping.windows;
        return keeping.select;
      },
    );
    return {
      aggregates,
      summaries,
      asOfYear,
      dollarsOfYear,
      awards: counted.awards,
      threads: counted.threads,
      awardsRead: counted.awardsRead,
      countedBy: options.reuseBlocks ? 'blocks' : 'awards',
      ...(fallback === undefined ? {} : { fallback }),
      ...(counted.readings
        ? { state: stateOfFullReading(counting.basis, counted.readings, cells, windows) }
        : {}),
    };
  }

  /** Counts by blocks, reading again only those changed since they were stored. */
  async function countStoredBlocks(
    builder: InsightsBuilder,
    counting: StateCounting,
  ): Promise<Counted> {
    const done = await countByBlocks(
      repository,
      repository.awardCounter('packed'),
      builder,
      counting,
    );
    const { awards, awardsRead, readings, threads } = done;
    return { awards, awardsRead, threads, more: [], readings };
  }

  /** Reads every award, on two threads when it may. */
  async function readAll(builder: InsightsBuilder): Promise<Counted> {
    const laterBits = await repository.laterAwards(organizationId);
    const later = laterAwardsOf(laterBits);
    const batchSize = options.batchSize ?? REBUILD_BATCH_SIZE;
    let awards = 0;
    let lastId = 0;
    let full = false;
    let reader: ReturnType<typeof startReader> | null = null;
    const countAwards = repository.awardCounter('earnings');
    const read = { organizationId, batchSize, asOfYear, earningsFloor };
    const countRange = async (range: {
      afterId?: number;
      toId?: number;
      maxBatches?: number;
    }): Promise<void> => {
      for await (const batch of countAwards({ ...read, ...range }, builder, later)) {
        awards += batch.awards;
        lastId = batch.lastId;
        full = batch.more;
        if (reader?.error) throw reader.error;
        await progress.read(awards);
        await options.onBatch?.();
      }
    };
    const url = options.databaseUrl;
    const threaded =
      url !== undefined &&
      !url.endsWith(':memory:') &&
      rebuildThreadsFor(options.cores ?? availableParallelism()) >= 2;
    let more: CountedShare[] = [];
    if (!threaded) await countRange({});
    else {
      // The first batch here; when it is full, the rest is shared: the ids up to the middle of
      // those left here, the others on the second thread. (A filter such as id % 2 would make
      // PostgreSQL misjudge how many awards a batch reads and start parallel workers for each.)
      await countRange({ maxBatches: 1 });
      const last = full ? await repository.lastAwardId(organizationId) : 0;
      if (last > lastId) {
        const middle = lastId + Math.floor((last - lastId) / 2);
        reader = startReader({
          databaseUrl: url,
          organizationId,
          asOfYear,
          dollarsOfYear,
          earningsFloor,
          batchSize,
          afterId: middle,
          later: laterBits,
          directory,
        });
        reader.counted = (n) => {
          awards += n;
        };
        try {
          await countRange({ afterId: lastId, toId: middle });
          // The other thread's last batches: the job keeps reporting that it is alive meanwhile.
          for (;;) {
            const settled = await Promise.race([reader.cells, sleep(1_000, null)]);
            if (settled !== null) {
              more = [settled];
              break;
            }
            await progress.read(awards);
            await options.onBatch?.();
          }
        } finally {
          await reader.stop();
        }
      }
    }
    return { awards, awardsRead: awards, threads: reader ? 2 : 1, more };
  }
}

/** What the reading counted: awards, of which read from the earnings, threads, other shares. */
interface Counted {
  awards: number;
  awardsRead: number;
  threads: number;
  more: CountedShare[];
  /** Counting by blocks: the counting of each block the cells add up. */
  readings?: BlockReadings;
}

/**
 * Recomputes one organization's insight aggregates and credential summaries (`computeInsights`)
 * and replaces the stored ones in one transaction: readers see the previous figures until it
 * commits.
 */
export async function rebuildInsights(
  db: Kysely<Database>,
  organizationId: number,
  /** `progress` defaults to the insights repository here. */
  options: ComputeInsightsOptions = {},
): Promise<RebuildResult> {
  const repository = createInsightsRepository(db);
  const progress = options.progress ?? createProgressRecorder(repository, organizationId);
  const computed = await computeInsights(db, organizationId, {
    reuseBlocks: true,
    ...options,
    progress,
  });
  const { aggregates, summaries, asOfYear, dollarsOfYear, awards, awardsRead, threads, state } =
    computed;
  const builtAt = options.now ?? new Date();
  await progress.phase('storing');
  await repository.replace(
    organizationId,
    { aggregates, summaries, asOfYear, dollarsOfYear, builtAt },
    async (trx) => {
      // The counting the figures came from, for the next rebuild (decision record 069).
      if (state) await repository.storeState(trx, organizationId, state, state.after);
      await recordWebhookEvent(trx, organizationId, 'insights.updated', {
        credentialIds: [...new Set(summaries.map((summary) => summary.credentialId))].sort(
          (a, b) => a - b,
        ),
        builtAt: builtAt.toISOString(),
      });
    },
  );
  await progress.finish();
  const { countedBy, fallback, refilled } = computed;
  const cohorts = aggregates.length;
  const counted = {
    countedBy,
    ...(fallback === undefined ? {} : { fallback }),
    ...(refilled === undefined ? {} : { refilled }),
  };
  return { ...counted, awards, awardsRead, threads, cohorts, asOfYear, dollarsOfYear };
}

const WAGES_FOLDER_PREFIX = 'laurel-insights-';
/** A rebuild's folder this old belongs to a process that ended during it (`kill -9`, a crash). */
const ABANDONED_AFTER_MS = 24 * 60 * 60 * 1000;

/** Removes the wage folders that rebuilds of ended processes left in `parent`. */
export function removeAbandonedFolders(parent: string, now = Date.now()): void {
  for (const name of readdirSync(parent)) {
    if (!name.startsWith(WAGES_FOLDER_PREFIX)) continue;
    const path = join(parent, name);
    try {
      if (now - statSync(path).mtimeMs > ABANDONED_AFTER_MS)
        rmSync(path, { recursive: true, force: true });
    } catch {
      // Removed meanwhile by the rebuild that owned it.
    }
  }
}

/** Starts the reading thread of one share of the awards; `cells` settles with what it counted. */
function startReader(data: RebuildThreadData): {
  cells: Promise<CountedShare>;
  counted: (awards: number) => void;
  error: Error | null;
  stop(): Promise<void>;
} {
  const thread = new Worker(new URL('./rebuild-insights.thread.ts', import.meta.url), {
    workerData: data,
    resourceLimits: READER_RESOURCE_LIMITS,
  });
  const reader = {
    counted: (_awards: number) => undefined as void,
    cells: new Promise<CountedShare>((resolve, reject) => {
      thread.on('message', (report: RebuildThreadReport) => {
        if (report.type === 'batch') reader.counted(report.awards);
        else resolve(report.share);
      });
      thread.on('error', reject);
      thread.on('exit', (code) =>
        reject(new Error(`The insights reading thread ended (exit code ${code}) before its cells`)),
      );
    }),
    /** Why the thread failed, as soon as it has. */
    error: null as Error | null,
    async stop() {
      await thread.terminate();
    },
  };
  // Failing while this thread still reads its own share is told at its next batch.
  reader.cells.catch((error: Error) => {
    reader.error = error;
  });
  return reader;
}

/** `rebuild-insights`: payload `{}`, organization from the job. */
export function createRebuildInsightsHandler(
  deps: { now?: () => Date; earningsFloor?: number; databaseUrl?: string } = {},
): JobHandler {
  return {
    async run(context: JobContext) {
      const organizationId = context.job.organizationId;
      if (organizationId === null) throw new Error('rebuild-insights needs an organization');
      const started = performance.now();
      const result = await rebuildInsights(context.db, organizationId, {
        ...(deps.now ? { now: deps.now() } : {}),
        ...(deps.earningsFloor === undefined ? {} : { earningsFloor: deps.earningsFloor }),
        ...(deps.databaseUrl === undefined ? {} : { databaseUrl: deps.databaseUrl }),
        onBatch: async () => {
          if (context.stopping) throw new JobInterruptedError();
          await context.heartbeat();
        },
      });
      context.log.info(
        { organizationId, ...result, ms: Math.round(performance.now() - started) },
        'insights rebuilt',
      );
    },
  };
}
