// What a rebuild counted of each block of an organization's awards, kept between rebuilds so that
// the next one reads again only the blocks that changed (decision record 068). A block is the
// awards whose ids share their bits above the lowest `INSIGHT_BLOCK_BITS` (ids are given in
// order, so an upload's awards fill one or two blocks). Triggers raise a block's version in the
// same transaction as any change to one of its awards or their earnings years (and, since a
// person counts once by their first award, to any award of the same person), so a stored block
// counts only while its version is the block's: a change committed while a block was read leaves
// it stale, never wrong. What a block holds is what the builder counted of its awards (cells and
// wages by series, exactly the doubles the builder computed), so that adding the stored blocks
// gives the figures a full reading gives.
import { INSIGHTS_MEASURE_YEAR } from '@laurel/contract/insights-rules';

import { type CountedCell, newCounts, SPAN } from './cells.ts';
import { realFactor } from './cpi-u.ts';
import { BASE, INCREASES, PAIRED, SERIES } from './spilled-wages.ts';

/** Must agree with the triggers' shift (migration 20261212T1000-insight-blocks). */
export const INSIGHT_BLOCK_BITS = 14;
export const blockOf = (awardId: number): number => Math.floor(awardId / 2 ** INSIGHT_BLOCK_BITS);
/** The first and last award id of a block. */
export const idsOfBlock = (block: number): { from: number; to: number } => ({
  from: block * 2 ** INSIGHT_BLOCK_BITS,
  to: (block + 1) * 2 ** INSIGHT_BLOCK_BITS - 1,
});

/**
 * How blocks are stored: raised with any change to what a block holds or how (2: each series'
 * wages in order of their cells, the cells as runs; 3: a series' wages as whole cents where they
 * are, the increases as the differences they are).
 */
const BLOCK_FORMAT = 3;

/**
 * What else a block's counting depended on, as stored beside it: blocks counted on another basis
 * (another method, latest complete year, dollars' year or floor, or stored otherwise) are read
 * again.
 */
export const blockBasis = (counting: {
  method: number;
  asOfYear: number;
  dollarsOfYear: number;
  earningsFloor: number;
}): string =>
  JSON.stringify({
    format: BLOCK_FORMAT,
    method: counting.method,
    asOfYear: counting.asOfYear,
    dollarsOfYear: counting.dollarsOfYear,
    earningsFloor: counting.earningsFloor,
  });

/** A block's wages: by series, the cell (index into its cells) and the value of each. */
export interface BlockWages {
  cells: Uint32Array[];
  values: Float64Array[];
}

/** A block as stored: the cells' JSON and the wages' bytes. */
export interface PackedBlock {
  awards: number;
  cells: string;
  wages: Uint8Array;
}

/** A stored block: what was counted, at which version, on which basis, by which reading. */
export interface StoredBlock extends PackedBlock {
  version: number;
  basis: string;
  /** Names this counting of the block; a state adds up blocks by their readings. */
  reading: string;
}

/**
 * A block's counting as stored (its cells as JSON, its wages packed), its wages in dollars of
 * `dollarsOfYear`.
 */
export const packBlock = (
  counted: { awards: number; cells: readonly CountedCell[]; wages: BlockWages },
  dollarsOfYear: number,
): PackedBlock => ({
  awards: counted.awards,
  cells: cellsToJson(counted.cells),
  wages: packWages(counted.wages, blockFactors(counted.cells, dollarsOfYear)),
});

/** A stored block's cells and wages, its wages packed in dollars of `dollarsOfYear`. */
export function unpackBlock(
  stored: Pick<PackedBlock, 'cells' | 'wages'>,
  dollarsOfYear: number,
): { cells: CountedCell[]; wages: BlockWages } {
  const cells = cellsFromJson(stored.cells);
  return { cells, wages: unpackWages(stored.wages, blockFactors(cells, dollarsOfYear)) };
}

/**
 * The calendar year whose dollars a series' wage of an award of `awardYear` was earned in, as the
 * builder places them (./insights-builder.ts); null for the increases (a difference of two years').
 */
function yearOfSeries(series: number, awardYear: number): number | null {
  if (series <= PAIRED) return awardYear + series - SPAN;
  if (series <= PAIRED + SPAN) return awardYear + series - PAIRED;
  if (series <= BASE + SPAN) return awardYear - 1;
  return null;
}

/**
 * The real-dollar factor the builder multiplied a wage of a series by, by cell (an index into the
 * block's cells) and series; null for the increases.
 */
export type SeriesFactors = (cell: number, series: number) => number | null;

/** The factors of a block's cells' wages in dollars of `dollarsOfYear`. */
export function blockFactors(
  cells: readonly Pick<CountedCell, 'awardYear'>[],
  dollarsOfYear: number,
): SeriesFactors {
  const byYear = new Map<number, number>();
  return (cell, series) => {
    const awardYear = cells[cell]?.awardYear;
    if (awardYear === undefined) throw new Error('A stored insights block has wages of no cell');
    const year = yearOfSeries(series, awardYear);
    if (year === null) return null;
    let factor = byYear.get(year);
    if (factor === undefined) byYear.set(year, (factor = realFactor(year, dollarsOfYear)));
    return factor;
  };
}

/**
 * A block's storing statement as SQL, with the name of the value each parameter takes (compiled
 * by the repository, run by a thread that has no query builder).
 */
export interface BlockStatement {
  sql: string;
  names: Array<keyof StoredBlock | 'organizationId' | 'block'>;
}

/** The parameters of `statement` that store `stored` as the block `block`. */
export function blockParameters(
  statement: BlockStatement,
  organizationId: number,
  block: number,
  stored: StoredBlock,
): unknown[] {
  const values = { organizationId, block, ...stored };
  return statement.names.map((name) => values[name]);
}

const COUNT_KEYS = Object.keys(newCounts()) as Array<keyof ReturnType<typeof newCounts>>;
/**
 * The header: the number of series, the wages of each, the runs of cells of each and how each
 * series' wages are stored, padded to 8 bytes.
 */
const HEADER_WORDS = 3 * SERIES + 1 + ((3 * SERIES + 1) % 2);
/** How a series' wages are stored: as the doubles they are. */
const AS_DOUBLES = 0;
/**
 * As whole cents c (4 bytes), each the double c / 100 × its factor exactly, as the builder
 * computed a wage of whole cents.
 */
const AS_CENTS = 1;
/** The increases, each exactly its paired wage at the measured year less its base: no bytes. */
const AS_DIFFERENCES = 2;
const PAIRED_MEASURED = PAIRED + INSIGHTS_MEASURE_YEAR;
const BASE_MEASURED = BASE + INSIGHTS_MEASURE_YEAR;
/** Bytes a series of `n` wages stored as `how` takes, padded to 8. */
const bytesOf = (how: number, n: number): number =>
  how === AS_DOUBLES ? 8 * n : how === AS_CENTS ? 4 * (n + (n % 2)) : 0;

type CellRow = [
  credentialId: number,
  awardYear: number,
  rank: number,
  counts: number[],
  sizes: number[],
  industries: Array<[string, number]>,
  jobRoles: Array<[string, number]>,
];

/** The cells as JSON. */
export function cellsToJson(cells: readonly CountedCell[]): string {
  return JSON.stringify(
    cells.map((cell): CellRow => [
      cell.credentialId,
      cell.awardYear,
      cell.rank,
      COUNT_KEYS.map((k) => cell.counts[k]),
      cell.sizes,
      [...cell.industries],
      [...cell.jobRoles],
    ]),
  );
}

/** The cells of `cellsToJson`'s JSON. */
export function cellsFromJson(json: string): CountedCell[] {
  const rows = JSON.parse(json) as CellRow[];
  if (!Array.isArray(rows)) throw new Error('A stored insights block has no list of cells');
  return rows.map(([credentialId, awardYear, rank, counts, sizes, industries, jobRoles]) => {
    if (counts.length !== COUNT_KEYS.length || sizes.length !== SERIES)
      throw new Error('A stored insights block has cells of another shape');
    const counted = newCounts();
    COUNT_KEYS.forEach((k, i) => {
      counted[k] = counts[i]!;
    });
    return {
      credentialId,
      awardYear,
      rank,
      counts: counted,
      sizes,
      industries: new Map(industries),
      jobRoles: new Map(jobRoles),
    };
  });
}

/**
 * The wages as bytes: the header, then every series' values in order of their cells (as whole
 * cents where each is one, or nothing where each increase is its paired wage less its base, else
 * as doubles), then every series' runs of cells (a cell and how many of the values that follow
 * are its, as two 32-bit words). A block's wages are some 160,000 doubles from a few hundred
 * cells: as runs its cells take some tens of kilobytes instead of 4 bytes a wage, and as cents
 * its wages half of their doubles' (decision record 076). Each value given back is the very
 * double given.
 */
export function packWages(wages: BlockWages, factors: SeriesFactors): Buffer {
  const total = wages.values.reduce((sum, values) => sum + values.length, 0);
  const scratch = packingScratch(total);
  let at = 0;
  const byCell = wages.values.map((values, s) => {
    const from = at;
    at += values.length;
    const ordered = scratch.values.subarray(from, at);
    return { values: ordered, runs: inOrderOfCells(wages.cells[s]!, values, ordered), from };
  });
  const stored = byCell.map(({ values, runs, from }, s) => {
    if (s === INCREASES && areDifferences(byCell, values, runs)) return { how: AS_DIFFERENCES };
    const cents = scratch.cents.subarray(from, from + values.length);
    return asCents(values, runs, (cell) => factors(cell, s), cents)
      ? { how: AS_CENTS, cents }
      : { how: AS_DOUBLES };
  });
  const valueBytes = byCell.reduce(
    (sum, { values }, s) => sum + bytesOf(stored[s]!.how, values.length),
    0,
  );
  const runs = byCell.reduce((sum, { runs }) => sum + runs.length, 0);
  // A buffer of its own (never a slice of a shared pool), as both databases' drivers take it.
  const bytes = Buffer.alloc(4 * HEADER_WORDS + valueBytes + 4 * runs);
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_WORDS);
  header[0] = SERIES;
  byCell.forEach(({ values, runs }, s) => {
    header[1 + s] = values.length;
    header[1 + SERIES + s] = runs.length / 2;
    header[1 + 2 * SERIES + s] = stored[s]!.how;
  });
  let offset = 4 * HEADER_WORDS;
  byCell.forEach(({ values }, s) => {
    const { how, cents } = stored[s]!;
    const data = how === AS_DOUBLES ? values : how === AS_CENTS ? cents! : null;
    if (data) bytes.set(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), offset);
    offset += bytesOf(how, values.length);
  });
  for (const { runs } of byCell) {
    bytes.set(new Uint8Array(runs.buffer, runs.byteOffset, runs.byteLength), offset);
    offset += runs.byteLength;
  }
  return bytes;
}

/**
 * A thread's room for `packWages`' wages in order of their cells and their cents, kept from block
 * to block (grown as needed): a block's are some megabytes, allocated and zeroed anew for each
 * block otherwise.
 */
let packing = { values: new Float64Array(0), cents: new Int32Array(0) };
/** Lets go of that room (a rebuild's reading is over: its selection needs the memory). */
export function letGoOfPackingRoom(): void {
  packing = { values: new Float64Array(0), cents: new Int32Array(0) };
}
function packingScratch(total: number): typeof packing {
  if (packing.values.length < total)
    packing = { values: new Float64Array(total), cents: new Int32Array(total) };
  return packing;
}

/**
 * Writes into `cents` each value as whole cents c with c / 100 × its cell's factor the very same
 * double (a wage the builder read as whole cents); false when one is not (read from other text, or
 * beyond 32 bits).
 */
function asCents(
  values: Float64Array,
  runs: Uint32Array,
  factorOf: (cell: number) => number | null,
  cents: Int32Array,
): boolean {
  let j = 0;
  for (let r = 0; r < runs.length; r += 2) {
    const factor = factorOf(runs[r]!);
    if (factor === null) return false;
    for (const end = j + runs[r + 1]!; j < end; j += 1) {
      const value = values[j]!;
      const whole = Math.round((value / factor) * 100);
      // `| 0` keeps 32 bits, and turns −0 into 0 (so that −0 stays a double).
      const c = whole | 0;
      if (c !== whole || !Object.is((c / 100) * factor, value)) return false;
      cents[j] = c;
    }
  }
  return true;
}

/** Whether each increase is its paired wage at the measured year less its base, cell by cell. */
function areDifferences(
  byCell: ReadonlyArray<{ values: Float64Array; runs: Uint32Array }>,
  increases: Float64Array,
  runs: Uint32Array,
): boolean {
  const paired = byCell[PAIRED_MEASURED]!;
  const base = byCell[BASE_MEASURED]!;
  const same = (a: Uint32Array, b: Uint32Array) =>
    a.length === b.length && a.every((word, i) => word === b[i]);
  if (!same(runs, paired.runs) || !same(runs, base.runs)) return false;
  for (let j = 0; j < increases.length; j += 1)
    if (!Object.is(increases[j], paired.values[j]! - base.values[j]!)) return false;
  return true;
}

/** Writes a series' values in order of their cells (each cell's in the order given) into `ordered`; the runs. */
function inOrderOfCells(
  cells: Uint32Array,
  values: Float64Array,
  ordered: Float64Array,
): Uint32Array {
  let most = -1;
  for (const cell of cells) if (cell > most) most = cell;
  const starts = new Uint32Array(most + 2);
  for (const cell of cells) starts[cell + 1]! += 1;
  let used = 0;
  for (let cell = 0; cell <= most; cell += 1) {
    if (starts[cell + 1]! > 0) used += 1;
    starts[cell + 1]! += starts[cell]!;
  }
  const runs = new Uint32Array(2 * used);
  let r = 0;
  for (let cell = 0; cell <= most; cell += 1) {
    const n = starts[cell + 1]! - starts[cell]!;
    if (n === 0) continue;
    runs[r++] = cell;
    runs[r++] = n;
  }
  for (let j = 0; j < cells.length; j += 1) ordered[starts[cells[j]!]!++] = values[j]!;
  return runs;
}

/**
 * The wages of `packWages`' bytes, given the factors they were packed with (copied: the
 * database's buffer need not be aligned).
 */
export function unpackWages(stored: Uint8Array, factors: SeriesFactors): BlockWages {
  const bytes = new Uint8Array(stored.length);
  bytes.set(stored);
  if (bytes.length < 4 * HEADER_WORDS) throw new Error('A stored insights block is cut short');
  const header = new Uint32Array(bytes.buffer, 0, HEADER_WORDS);
  if (header[0] !== SERIES) throw new Error('A stored insights block has another set of series');
  const lengths = Array.from({ length: SERIES }, (_, s) => header[1 + s]!);
  const runCounts = Array.from({ length: SERIES }, (_, s) => header[1 + SERIES + s]!);
  const hows = Array.from({ length: SERIES }, (_, s) => header[1 + 2 * SERIES + s]!);
  if (hows.some((how, s) => how > AS_DIFFERENCES || (how === AS_DIFFERENCES && s !== INCREASES)))
    throw new Error('A stored insights block stores its wages in an unknown way');
  const valueBytes = lengths.reduce((sum, n, s) => sum + bytesOf(hows[s]!, n), 0);
  const runs = runCounts.reduce((a, b) => a + b, 0);
  if (bytes.length !== 4 * HEADER_WORDS + valueBytes + 8 * runs)
    throw new Error('A stored insights block has another length than its header says');
  const valuesAt: number[] = [];
  let offset = 4 * HEADER_WORDS;
  lengths.forEach((n, s) => {
    valuesAt.push(offset);
    offset += bytesOf(hows[s]!, n);
  });
  const cells: Uint32Array[] = [];
  const pairs: Uint32Array[] = [];
  lengths.forEach((n, s) => {
    const runsOf = new Uint32Array(bytes.buffer, offset, 2 * runCounts[s]!);
    offset += runsOf.byteLength;
    pairs.push(runsOf);
    const series = new Uint32Array(n);
    let at = 0;
    for (let r = 0; r < runsOf.length; r += 2) {
      const count = runsOf[r + 1]!;
      if (at + count > n) throw new Error('A stored insights block has more cells than wages');
      series.fill(runsOf[r]!, at, at + count);
      at += count;
    }
    if (at !== n) throw new Error('A stored insights block has fewer cells than wages');
    cells.push(series);
  });
  const values = lengths.map((n, s): Float64Array => {
    const how = hows[s]!;
    if (how === AS_DOUBLES) return new Float64Array(bytes.buffer, valuesAt[s], n);
    const wages = new Float64Array(n);
    if (how === AS_DIFFERENCES) return wages;
    const cents = new Int32Array(bytes.buffer, valuesAt[s], n);
    const runsOf = pairs[s]!;
    let j = 0;
    for (let r = 0; r < runsOf.length; r += 2) {
      const factor = factors(runsOf[r]!, s);
      if (factor === null) throw new Error('A stored insights block has cents of no dollars');
      for (const end = j + runsOf[r + 1]!; j < end; j += 1) wages[j] = (cents[j]! / 100) * factor;
    }
    return wages;
  });
  if (hows[INCREASES] === AS_DIFFERENCES) {
    const paired = values[PAIRED_MEASURED]!;
    const base = values[BASE_MEASURED]!;
    const increases = values[INCREASES]!;
    if (paired.length !== increases.length || base.length !== increases.length)
      throw new Error('A stored insights block has increases of no wages');
    for (let j = 0; j < increases.length; j += 1) increases[j] = paired[j]! - base[j]!;
  }
  return { cells, values };
}
