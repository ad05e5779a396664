// A job worker in its own process for the insights crash test: it runs the real `rebuild-insights`
// handler and, once the rebuild reaches `stallAt`, prints "stalled <stallAt>" and stops making
// progress while still holding its lease, so that the test can kill it with SIGKILL there:
// `reading` and `computing` once the rebuild has recorded that phase, `block` once it has stored
// the first block of awards it read again (decision record 068), `storing` inside the
// transaction that replaces the figures, after the old ones are deleted and the first new ones
// inserted.
// Usage: node insights-worker.ts <database url> <reading|block|computing|storing>
import {
  ColumnNode,
  type KyselyPlugin,
  type PluginTransformQueryArgs,
  type PluginTransformResultArgs,
  type QueryId,
  type QueryResult,
  type RootOperationNode,
  TableNode,
  type UnknownRow,
  ValueNode,
} from 'kysely';
import { pino } from 'pino';

import { createDatabase } from '../../src/db/database.ts';
import { createJobQueue } from '../../src/jobs/queue.ts';
import { JOB_TYPES } from '../../src/jobs/types.ts';
import { createRebuildInsightsHandler } from '../../src/modules/insights/rebuild-insights.job.ts';

const STALLS = ['reading', 'block', 'computing', 'storing'] as const;
const [url, stallAt] = process.argv.slice(2) as [string, (typeof STALLS)[number]];
if (!url || !STALLS.includes(stallAt))
  throw new Error('usage: insights-worker.ts <database url> <reading|block|computing|storing>');

const database = createDatabase(url);

/**
 * Where a statement of the rebuild stands: `reading` when it starts recording its progress,
 * `block` when it stores a block, `computing` when it records that phase, `storing` when it
 * inserts the new figures.
 */
function reached(node: RootOperationNode): (typeof STALLS)[number] | null {
  if (node.kind === 'InsertQueryNode') {
    const table = node.into?.table.identifier.name;
    if (table === 'insight_aggregates') return 'storing';
    if (table === 'insight_rebuilds') return 'reading';
    if (table === 'insight_blocks') return 'block';
  }
  if (node.kind === 'UpdateQueryNode' && node.table && TableNode.is(node.table)) {
    if (node.table.table.identifier.name !== 'insight_rebuilds') return null;
    const phase = node.updates?.find(
      (update) => ColumnNode.is(update.column) && update.column.column.name === 'phase',
    )?.value;
    if (phase && ValueNode.is(phase) && phase.value === 'computing') return 'computing';
  }
  return null;
}

/** Stalls after the statement that reaches `stallAt` (the connection it holds stays held). */
const reachedBy = new WeakMap<QueryId, (typeof STALLS)[number]>();
const stallPlugin: KyselyPlugin = {
  transformQuery({ node, queryId }: PluginTransformQueryArgs): RootOperationNode {
    const phase = reached(node);
    if (phase !== null) reachedBy.set(queryId, phase);
    return node;
  },
  async transformResult({
    queryId,
    result,
  }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    if (reachedBy.get(queryId) !== stallAt) return result;
    process.stdout.write(`stalled ${stallAt}\n`);
    setInterval(() => {}, 60_000);
    return new Promise<never>(() => {});
  },
};

const queue = createJobQueue({
  db: database.db.withPlugin(stallPlugin),
  dialect: database.dialect,
  log: pino({ level: 'silent' }),
  leaseMs: 1000,
  handlers: { [JOB_TYPES.rebuildInsights]: createRebuildInsightsHandler() },
});
await queue.runUntilIdle();
process.stdout.write('idle\n');
await database.destroy();
