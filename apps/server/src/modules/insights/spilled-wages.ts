// The wages an insights rebuild counts, written to temporary files rather than held in memory, so
// that its memory does not grow with the organization (decision record 062): one file per series
// (a relative year's wages, the paired wages and their bases of a growth horizon, the increases),
// each a sequence of blocks of (cell, real wage) records; the order statistics read them back
// (./order-statistics.ts).
import { closeSync, openSync, readSync, writeSync } from 'node:fs';
import { join } from 'node:path';

import { INSIGHTS_YEARS_AROUND_AWARD } from '@laurel/contract/insights-rules';

const SPAN = INSIGHTS_YEARS_AROUND_AWARD;
/** Series i (0…10): the wages at relative year i − 5 (for r ≥ 1 of people without one at −1). */
export const WAGES = 0;
/** Series PAIRED + h (h = 1…5): the wages at +h of people with a counted wage at −1. */
export const PAIRED = 2 * SPAN;
/** Series BASE + h (h = 1…5): the wages at −1 of people with a counted wage at +h. */
export const BASE = PAIRED + SPAN;
/** The wage at +1 less the wage at −1 of each person with both. */
export const INCREASES = BASE + SPAN + 1;
export const SERIES = INCREASES + 1;

/** Records a block holds: some 200 KB of memory a series while the wages are written. */
const BLOCK = 16_384;
const HEADER = 8;

/** Where one builder's wages were written, and their bounds, by series. */
export interface SpilledWages {
  files: string[];
  /** The smallest and largest wage of each series (±Infinity when it has none). */
  min: number[];
  max: number[];
  /** Added to each record's cell: the cell's index among every builder's cells. */
  cellOffset: number;
}

/**
 * A writer of one builder's wages into `directory` (its files named by `prefix` and the series).
 * @example const spill = createWageSpill(dir, 'a'); spill.push(WAGES + 5, cell, 41_200); spill.finish()
 */
export function createWageSpill(directory: string, prefix: string) {
  const records = BLOCK;
  const files = Array.from({ length: SERIES }, (_, s) => join(directory, `${prefix}-${s}.wages`));
  const fds: Array<number | null> = Array.from({ length: SERIES }, () => null);
  const cells = Array.from({ length: SERIES }, () => new Uint32Array(records));
  const values = Array.from({ length: SERIES }, () => new Float64Array(records));
  const lengths = new Int32Array(SERIES);
  const min = new Float64Array(SERIES).fill(Infinity);
  const max = new Float64Array(SERIES).fill(-Infinity);
  const header = new Uint32Array(2);

  function flush(s: number): void {
    const n = lengths[s]!;
    if (n === 0) return;
    const fd = (fds[s] ??= openSync(files[s]!, 'w'));
    header[0] = n;
    writeSync(fd, new Uint8Array(header.buffer));
    writeSync(fd, new Uint8Array(cells[s]!.buffer, 0, cellBytes(n)));
    writeSync(fd, new Uint8Array(values[s]!.buffer, 0, 8 * n));
    lengths[s] = 0;
  }

  return {
    /** One wage of series `s` of the builder's cell `cell`. */
    push(s: number, cell: number, value: number): void {
      const n = lengths[s]!;
      cells[s]![n] = cell;
      values[s]![n] = value;
      if (value < min[s]!) min[s] = value;
      if (value > max[s]!) max[s] = value;
      lengths[s] = n + 1;
      if (n + 1 === records) flush(s);
    },
    /** Writes what is left and closes the files. */
    finish(cellOffset = 0): SpilledWages {
      for (let s = 0; s < SERIES; s += 1) {
        flush(s);
        closeSync(fds[s] ?? openSync(files[s]!, 'w'));
        fds[s] = null;
      }
      return { files, min: [...min], max: [...max], cellOffset };
    },
    /** Closes the files without finishing (the rebuild failed). */
    abandon(): void {
      for (const fd of fds) if (fd !== null) closeSync(fd);
      fds.fill(null);
    },
  };
}
export type WageSpill = ReturnType<typeof createWageSpill>;

/** The wages of each series with their cells, in memory. */
export interface WagesInMemory {
  cells: Uint32Array[];
  values: Float64Array[];
}

/**
 * A thread's buffers of a block's wages, kept from one block to the next (grown to a block's most
 * wages a series: some 4 MB), rather than grown anew from 1,024 wages a series for each block.
 */
const keptBuffers: Array<{ cells: Uint32Array[]; values: Float64Array[] }> = [];

/** Lets go of the buffers kept (a rebuild's reading is over: its selection needs the memory). */
export function letGoOfWageBuffers(): void {
  keptBuffers.length = 0;
}

/**
 * The wages of a builder of one block of awards (some 16,000 a series at most: a few megabytes),
 * held in memory rather than written: a block's wages are stored with it (./insight-blocks.ts),
 * and writing each block's 22 series to files and reading them back cost more than its counting.
 * @example const wages = createWageBuffer(); wages.push(WAGES + 5, cell, 41_200); wages.finish()
 */
export function createWageBuffer() {
  const kept = keptBuffers.pop();
  const cells = kept?.cells ?? Array.from({ length: SERIES }, () => new Uint32Array(1_024));
  const values = kept?.values ?? Array.from({ length: SERIES }, () => new Float64Array(1_024));
  const lengths = new Int32Array(SERIES);
  let released = false;
  /** The buffers go back to the thread's (at most one kept: a thread counts a block at a time). */
  const release = () => {
    if (released) return;
    released = true;
    if (keptBuffers.length === 0) keptBuffers.push({ cells, values });
  };
  return {
    /** One wage of series `s` of the builder's cell `cell`. */
    push(s: number, cell: number, value: number): void {
      const n = lengths[s]!;
      if (n === cells[s]!.length) {
        const moreCells = new Uint32Array(2 * n);
        moreCells.set(cells[s]!);
        cells[s] = moreCells;
        const moreValues = new Float64Array(2 * n);
        moreValues.set(values[s]!);
        values[s] = moreValues;
      }
      cells[s]![n] = cell;
      values[s]![n] = value;
      lengths[s] = n + 1;
    },
    /** The wages pushed, series by series (copies of their length: the buffers are kept). */
    finish(): WagesInMemory {
      const wages = {
        cells: cells.map((c, s) => c.slice(0, lengths[s])),
        values: values.map((v, s) => v.slice(0, lengths[s])),
      };
      release();
      return wages;
    },
    abandon(): void {
      release();
    },
  };
}

/** The bytes of n cells, rounded up so that the values that follow are 8-byte aligned. */
const cellBytes = (n: number) => 4 * n + ((4 * n) % 8);

/**
 * Reads a series file block by block: `each(cells, values, n)` gets the records of one block in
 * arrays reused from block to block.
 */
export async function readSeries(
  file: string,
  each: (cells: Uint32Array, values: Float64Array, n: number) => void,
  tick: () => Promise<void>,
): Promise<void> {
  const fd = openSync(file, 'r');
  const header = new Uint32Array(2);
  const cells = new Uint32Array(BLOCK);
  const values = new Float64Array(BLOCK);
  try {
    let position = 0;
    for (let blocks = 1; ; blocks += 1) {
      if (readSync(fd, new Uint8Array(header.buffer), 0, HEADER, position) < HEADER) return;
      const n = header[0]!;
      position += HEADER;
      position += readExactly(fd, new Uint8Array(cells.buffer, 0, cellBytes(n)), position);
      position += readExactly(fd, new Uint8Array(values.buffer, 0, 8 * n), position);
      each(cells, values, n);
      if (blocks % 64 === 0) await tick();
    }
  } finally {
    closeSync(fd);
  }
}

function readExactly(fd: number, into: Uint8Array, position: number): number {
  let read = 0;
  while (read < into.length) {
    const n = readSync(fd, into, read, into.length - read, position + read);
    if (n === 0) throw new Error('An insights wage file ended in the middle of a block');
    read += n;
  }
  return read;
}
