import type { TInsightsRebuild } from '@laurel/contract/insights';

import type { RebuildPhase } from '../../db/schema.ts';
import type { InsightsRepository, RebuildState } from './insights.repository.ts';

/** A rebuild writes how far it is at most this often (and when its phase changes). */
export const PROGRESS_INTERVAL_MS = 1_000;

/**
 * Seconds left of a rebuild: while it reads, from its rate so far (the reading's share of the
 * previous rebuild's time is not known, so the whole run is taken at that rate); otherwise from
 * how long the organization's previous rebuild took. Null with nothing to go on.
 * @example estimateSecondsLeft({ state: 'WAITING', lastSeconds: 40 }, new Date()) // 40
 */
export function estimateSecondsLeft(state: RebuildState, now: Date): number | null {
  if (state.state === 'WAITING') return state.lastSeconds;
  const elapsed = Math.max(0, (now.getTime() - Date.parse(state.startedAt)) / 1000);
  if (state.phase === 'reading' && state.rowsRead > 0 && state.rowsTotal > 0) {
    const total = (elapsed * Math.max(state.rowsTotal, state.rowsRead)) / state.rowsRead;
    return Math.max(1, Math.ceil(total - elapsed));
  }
  if (state.lastSeconds === null) return null;
  return Math.max(1, Math.ceil(state.lastSeconds - elapsed));
}

/** What the insights API says of a queued or running rebuild. */
export function describeRebuild(state: RebuildState | null, now: Date): TInsightsRebuild | null {
  if (!state) return null;
  const secondsLeft = estimateSecondsLeft(state, now);
  if (state.state === 'WAITING')
    return {
      state: 'WAITING',
      phase: null,
      rowsRead: 0,
      rowsTotal: 0,
      startedAt: null,
      secondsLeft,
    };
  return {
    state: 'RUNNING',
    phase: state.phase.toUpperCase() as 'READING' | 'COMPUTING' | 'STORING',
    rowsRead: state.rowsRead,
    rowsTotal: state.rowsTotal,
    startedAt: state.startedAt,
    secondsLeft,
  };
}

export interface ProgressRecorder {
  /** The rebuild started, with this many awards to read. */
  start(rowsTotal: number): Promise<void>;
  /** `rowsRead` awards are read so far; written when a second has passed since the last write. */
  read(rowsRead: number): Promise<void>;
  /** The rebuild entered a phase (written at once). */
  phase(phase: Exclude<RebuildPhase, 'reading' | 'done'>): Promise<void>;
  finish(): Promise<void>;
}

/**
 * Records a rebuild's progress in the database, where every instance reads it, at most about
 * once a second.
 */
export function createProgressRecorder(
  repository: Pick<InsightsRepository, 'startProgress' | 'recordProgress' | 'finishProgress'>,
  organizationId: number,
  options: { now?: () => Date; intervalMs?: number } = {},
): ProgressRecorder {
  const now = options.now ?? (() => new Date());
  const interval = options.intervalMs ?? PROGRESS_INTERVAL_MS;
  let phase: RebuildPhase = 'reading';
  let rowsRead = 0;
  let written = 0;
  const write = async () => {
    const at = now();
    written = at.getTime();
    await repository.recordProgress(organizationId, { phase, rowsRead }, at);
  };
  return {
    async start(rowsTotal) {
      const at = now();
      written = at.getTime();
      await repository.startProgress(organizationId, rowsTotal, at);
    },
    async read(rows) {
      rowsRead = rows;
      if (now().getTime() - written >= interval) await write();
    },
    async phase(next) {
      phase = next;
      await write();
    },
    async finish() {
      await repository.finishProgress(organizationId, now());
    },
  };
}
