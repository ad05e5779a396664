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
import { type CountedCell, newCounts } from './cells.ts';
import { SERIES } from './spilled-wages.ts';

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
 * wages in order of their cells, the cells as runs).
 */
const BLOCK_FORMAT = 2;

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

/** A block's counting as stored (its cells as JSON, its wages packed). */
export const packBlock = (counted: {
  awards: number;
  cells: readonly CountedCell[];
  wages: BlockWages;
}): PackedBlock => ({
  awards: counted.awards,
  cells: cellsToJson(counted.cells),
  wages: packWages(counted.wages),
});

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
 * The header: the number of series, the wages of each and the runs of cells of each, padded to
 * 8 bytes.
 */
const HEADER_WORDS = 2 * SERIES + 1 + ((2 * SERIES + 1) % 2);

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
 * The wages as bytes: the header, then every series' values in order of their cells, then every
 * series' runs of cells (a cell and how many of the values that follow are its, as two 32-bit
 * words). A block's wages are some 160,000 doubles from a few hundred cells: as runs, its cells
 * take some tens of kilobytes instead of 4 bytes a wage, a third of what each block stores.
 */
export function packWages(wages: BlockWages): Buffer {
  const byCell = wages.values.map((values, s) => inOrderOfCells(wages.cells[s]!, values));
  const total = byCell.reduce((sum, { values }) => sum + values.length, 0);
  const runs = byCell.reduce((sum, { runs }) => sum + runs.length, 0);
  // A buffer of its own (never a slice of a shared pool), as both databases' drivers take it.
  const bytes = Buffer.alloc(4 * HEADER_WORDS + 8 * total + 4 * runs);
  const header = new Uint32Array(bytes.buffer, bytes.byteOffset, HEADER_WORDS);
  header[0] = SERIES;
  byCell.forEach(({ values, runs }, s) => {
    header[1 + s] = values.length;
    header[1 + SERIES + s] = runs.length / 2;
  });
  let offset = 4 * HEADER_WORDS;
  for (const { values } of byCell) {
    bytes.set(new Uint8Array(values.buffer, values.byteOffset, values.byteLength), offset);
    offset += values.byteLength;
  }
  for (const { runs } of byCell) {
    bytes.set(new Uint8Array(runs.buffer, runs.byteOffset, runs.byteLength), offset);
    offset += runs.byteLength;
  }
  return bytes;
}

/** A series' values in order of their cells (each cell's in the order given), and the runs. */
function inOrderOfCells(
  cells: Uint32Array,
  values: Float64Array,
): { values: Float64Array; runs: Uint32Array } {
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
  const ordered = new Float64Array(values.length);
  for (let j = 0; j < cells.length; j += 1) ordered[starts[cells[j]!]!++] = values[j]!;
  return { values: ordered, runs };
}

/** The wages of `packWages`' bytes (copied: the database's buffer need not be aligned). */
export function unpackWages(stored: Uint8Array): BlockWages {
  const bytes = new Uint8Array(stored.length);
  bytes.set(stored);
  if (bytes.length < 4 * HEADER_WORDS) throw new Error('A stored insights block is cut short');
  const header = new Uint32Array(bytes.buffer, 0, HEADER_WORDS);
  if (header[0] !== SERIES) throw new Error('A stored insights block has another set of series');
  const lengths = Array.from({ length: SERIES }, (_, s) => header[1 + s]!);
  const runCounts = Array.from({ length: SERIES }, (_, s) => header[1 + SERIES + s]!);
  const total = lengths.reduce((a, b) => a + b, 0);
  const runs = runCounts.reduce((a, b) => a + b, 0);
  if (bytes.length !== 4 * HEADER_WORDS + 8 * total + 8 * runs)
    throw new Error('A stored insights block has another length than its header says');
  const values: Float64Array[] = [];
  const cells: Uint32Array[] = [];
  let offset = 4 * HEADER_WORDS;
  for (const n of lengths) {
    values.push(new Float64Array(bytes.buffer, offset, n));
    offset += 8 * n;
  }
  lengths.forEach((n, s) => {
    const pairs = new Uint32Array(bytes.buffer, offset, 2 * runCounts[s]!);
    offset += pairs.byteLength;
    const series = new Uint32Array(n);
    let at = 0;
    for (let r = 0; r < pairs.length; r += 2) {
      const count = pairs[r + 1]!;
      if (at + count > n) throw new Error('A stored insights block has more cells than wages');
      series.fill(pairs[r]!, at, at + count);
      at += count;
    }
    if (at !== n) throw new Error('A stored insights block has fewer cells than wages');
    cells.push(series);
  });
  return { cells, values };
}
