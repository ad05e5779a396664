// How a rebuild counts an organization's awards block by block (decision record 068): a block
// stored at its current version is added as it is; any other is read from the awards and their
// earnings, counted on a builder of its own, stored, and added. After an upload only its blocks
// (and those of its people's other awards) are read again.
import { randomUUID } from 'node:crypto';

import type { CountAwards } from './award-source.ts';
import { BLOCKS_AHEAD, type StartBlockReader } from './block-reader.ts';
import type { CountedCell } from './cells.ts';
import {
  blockOf,
  idsOfBlock,
  letGoOfPackingRoom,
  packBlock,
  unpackBlock,
} from './insight-blocks.ts';
import { createInsightsBuilder, type InsightsBuilder } from './insights-builder.ts';
import type { InsightsRepository } from './insights.repository.ts';
import { type LaterAwardBits, type LaterAwards, laterAwardsOf } from './later-awards.ts';
import { letGoOfWageBuffers } from './spilled-wages.ts';
import type { BlockCounted } from './windowed-selection.ts';

/**
 * Blocks to read again from which the later awards of the whole organization are read at once
 * (one pass over its people) rather than block by block (one look-up an award).
 */
const WHOLE_ORGANIZATION_FROM = 16;

export interface BlockCounting {
  organizationId: number;
  asOfYear: number;
  dollarsOfYear: number;
  earningsFloor: number;
  batchSize: number;
  /** Where the blocks' own builders write their wages. */
  directory: string;
  /** What else the counting depends on (the method, the years, the floor), as text. */
  basis: string;
  /** After each batch read and each block added. */
  onProgress: (awards: number) => Promise<void>;
  /**
   * Starts a second reader of the blocks to read, when there are many (those of the whole
   * organization's later awards); without it, this thread reads every block.
   */
  startReader?: StartBlockReader;
}

/** Which counting of each block the cells add up: its version and its reading. */
export type BlockReadings = Map<number, BlockReading>;
export interface BlockReading {
  version: number;
  reading: string;
  /** The least and greatest award year of its cells (unknown: any). */
  years?: readonly [number, number];
}

/** The least and greatest award year of some cells (none: undefined). */
export function yearsOf(
  cells: readonly Pick<CountedCell, 'awardYear'>[],
): readonly [number, number] | undefined {
  if (cells.length === 0) return undefined;
  let least = Infinity;
  let most = -Infinity;
  for (const { awardYear } of cells) {
    least = Math.min(least, awardYear);
    most = Math.max(most, awardYear);
  }
  return [least, most];
}
/** The reading of a block that holds none of the organization's awards (nothing is stored). */
export const NO_AWARDS = '';

/** What counting by blocks did: the awards counted, and how many of them were read again. */
export interface BlocksCounted {
  awards: number;
  awardsRead: number;
  blocks: number;
  blocksRead: number;
  readings: BlockReadings;
  /** The threads that read blocks. */
  threads: number;
}

/** Counts the organization's awards into `builder`, block by block. */
export async function countByBlocks(
  repository: InsightsRepository,
  countAwards: CountAwards,
  builder: InsightsBuilder,
  counting: BlockCounting,
): Promise<BlocksCounted> {
  const { organizationId, basis } = counting;
  const ids = await repository.awardIds(organizationId);
  const range = ids ? { from: blockOf(ids.first), to: blockOf(ids.last) } : { from: 0, to: -1 };
  const current = await repository.currentBlocks(organizationId, basis, range);
  // The versions before anything a block is counted from is read (its awards, and its people's
  // other awards): a change committed later raises its block's version.
  const versions = await repository.blockVersions(range.from, range.to);
  let missing = 0;
  for (let block = range.from; block <= range.to; block += 1) if (!current.has(block)) missing += 1;
  const wholeLater =
    missing >= WHOLE_ORGANIZATION_FROM ? await repository.laterAwards(organizationId) : null;
  const done: BlocksCounted = {
    awards: 0,
    awardsRead: 0,
    blocks: 0,
    blocksRead: 0,
    readings: new Map(),
    threads: 1,
  };
  const toRead: BlockToRead[] = [];
  for (let block = range.from; block <= range.to; block += 1)
    if (!current.has(block)) toRead.push({ block, version: versions.get(block) ?? 0 });
  // Many blocks to read: a second thread reads some of them meanwhile (decision record 071).
  const reader =
    wholeLater && counting.startReader ? counting.startReader(counting, toRead, wholeLater) : null;
  if (reader) done.threads = 2;
  const storing = storingBehind();
  /** Blocks this thread read ahead while the reader still read an earlier one, by index. */
  const readAhead = new Map<number, StoredCounting>();
  const readHere = async (index: number): Promise<StoredCounting> => {
    const { block, version } = toRead[index]!;
    const counted = await countBlock(repository, countAwards, counting, block, {
      wholeLater,
      onProgress: (awards) => counting.onProgress(done.awards + awards),
    });
    if (counted.awards === 0) return { ...counted, reading: NO_AWARDS };
    const reading = randomUUID();
    const stored = { ...packBlock(counted, counting.dollarsOfYear), version, basis, reading };
    await storing.add(() => repository.storeBlock(organizationId, block, stored));
    return { ...counted, reading };
  };
  /** The counting of `toRead[index]`, stored: read here, or by the reader. */
  const countedAt = async (index: number): Promise<StoredCounting> => {
    if (!reader) return readHere(index);
    reader.added(index);
    for (;;) {
      const ahead = readAhead.get(index);
      if (ahead) {
        readAhead.delete(index);
        return ahead;
      }
      if (reader.claim(index)) return readHere(index);
      const theirs = reader.take(index);
      if (theirs) return theirs;
      // The reader still reads it: read a later block meanwhile, or wait for it.
      const end = Math.min(toRead.length, index + BLOCKS_AHEAD);
      let later = index + 1;
      while (later < end && !reader.claim(later)) later += 1;
      if (later < end) readAhead.set(later, await readHere(later));
      else {
        await reader.next();
        await counting.onProgress(done.awards);
      }
    }
  };
  try {
    let next = 0;
    for (let block = range.from; block <= range.to; block += 1) {
      done.blocks += 1;
      const stored = current.has(block) ? await repository.block(organizationId, block) : null;
      if (stored) {
        const { cells, wages } = unpackBlock(stored, counting.dollarsOfYear);
        builder.absorb(cells, wages);
        done.awards += stored.awards;
        const years = yearsOf(cells);
        done.readings.set(block, {
          version: stored.version,
          reading: stored.reading,
          ...(years ? { years } : {}),
        });
      } else {
        const { version } = toRead[next]!;
        const read = await countedAt(next);
        next += 1;
        if (read.awards > 0) builder.absorb(read.cells, read.wages);
        const years = yearsOf(read.cells);
        done.readings.set(block, { version, reading: read.reading, ...(years ? { years } : {}) });
        done.awards += read.awards;
        done.awardsRead += read.awards;
        done.blocksRead += 1;
      }
      await counting.onProgress(done.awards);
    }
    await storing.settled();
    await reader?.finish();
  } finally {
    await reader?.stop();
    letGoOfBlockRoom();
  }
  return done;
}

/**
 * Lets go of the room this thread kept from block to block (a block's wage buffers and packing
 * room, some 6 MB): the blocks are read, and the selection that follows needs the memory.
 */
export function letGoOfBlockRoom(): void {
  letGoOfWageBuffers();
  letGoOfPackingRoom();
}

/**
 * Stores blocks one at a time without waiting for each: the next block is read while the
 * database writes the last (on PostgreSQL some 40 ms a block of 2 MB). A failure is thrown by
 * the next `add` or by `settled`.
 */
export function storingBehind() {
  let last: Promise<void> = Promise.resolve();
  return {
    async add(store: () => Promise<void>): Promise<void> {
      await last;
      last = store();
      // Told when awaited next; not an unhandled rejection meanwhile.
      last.catch(() => undefined);
    },
    /** Every block added is stored (or the first failure is thrown). */
    async settled(): Promise<void> {
      await last;
    },
  };
}

/** What one block's awards counted on a builder of their own: the awards, cells and wages. */
export interface CountedBlock extends BlockCounted {
  awards: number;
}

/** A block counted and stored by the reading `reading` (`NO_AWARDS`: none, nothing stored). */
export interface StoredCounting extends CountedBlock {
  reading: string;
}

/** A block to read, and its version before it is read. */
export interface BlockToRead {
  block: number;
  version: number;
}

/** Reads and counts one block's awards on a builder of its own. */
export async function countBlock(
  repository: InsightsRepository,
  countAwards: CountAwards,
  counting: BlockCountingOf,
  block: number,
  options: { wholeLater: LaterAwardBits | null; onProgress: (awards: number) => Promise<void> },
): Promise<CountedBlock> {
  const { from, to } = idsOfBlock(block);
  const later = laterAwardsOf(
    options.wholeLater ?? (await repository.laterAwardsIn(counting.organizationId, from, to)),
  );
  return countBlockAwards(countAwards, counting, block, later, options.onProgress);
}

/** What counting one block depends on (a block reader's thread has it too). */
export type BlockCountingOf = Pick<
  BlockCounting,
  'organizationId' | 'asOfYear' | 'dollarsOfYear' | 'earningsFloor' | 'batchSize'
>;

/** Reads and counts one block's awards on a builder of its own, its later awards known. */
export async function countBlockAwards(
  countAwards: CountAwards,
  counting: BlockCountingOf,
  block: number,
  later: LaterAwards,
  onProgress: (awards: number) => Promise<void>,
): Promise<CountedBlock> {
  const { from, to } = idsOfBlock(block);
  // Some 16,000 wages a series at most: held in memory, stored with the block.
  const own = createInsightsBuilder({
    asOfYear: counting.asOfYear,
    dollarsOfYear: counting.dollarsOfYear,
    inMemory: true,
  });
  let awards = 0;
  try {
    const reading = {
      organizationId: counting.organizationId,
      batchSize: counting.batchSize,
      asOfYear: counting.asOfYear,
      earningsFloor: counting.earningsFloor,
      afterId: from - 1,
      toId: to,
    };
    for await (const batch of countAwards(reading, own, later)) {
      awards += batch.awards;
      await onProgress(awards);
    }
    const { cells, wages } = own.counted();
    return { awards, cells, wages };
  } finally {
    own.dispose();
  }
}
