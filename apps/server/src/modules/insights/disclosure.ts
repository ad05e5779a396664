// Disclosure control for the insight aggregates (decision record 017): primary suppression of
// every people count from 1 to 9, then complementary suppression until no released count, and no
// difference of released counts, isolates 1–9 people. Written here because it works on this
// product's own grid (credentials × fixed award-year pools with their margins); the
// statistical-disclosure packages that do this (sdcTable, tau-Argus) are not JavaScript.
import { INSIGHTS_SUPPRESSION_MIN } from '@laurel/contract/insights-rules';

/** One answerable cohort: the counts it publishes, by measure. */
export interface GridCell {
  row: number;
  column: number;
  values: Record<string, number>;
  /** The measures the cohort publishes; null for all of them. */
  published: ReadonlySet<string> | null;
}

export interface Grid {
  rows: number[];
  columns: number[];
  /** By key. */
  cells: Map<string, GridCell>;
  /** A margin and the cohorts that make it up (its count is at most the sum of theirs). */
  lines: Array<{ margin: string; parts: string[] }>;
  /** Whether the cohort `inner` lies inside `outer`. */
  nested?: (inner: string, outer: string) => boolean;
  /**
   * Cohorts made of exactly the same people (a credential's only pool and its all years, say):
   * published under either label, so a measure withheld in one is withheld in all of them.
   */
  same?: ReadonlyArray<readonly string[]>;
}

const MIN = INSIGHTS_SUPPRESSION_MIN;
const small = (n: number) => n >= 1 && n < MIN;

/**
 * Whether `start` plus the sum of some of `values` can be 1–9: a subset-sum, on a bitset of the
 * sums reachable (one bit each, shifted by 32 at a time). Where a person counts once in a margin
 * but in several of its parts, `start` (the margin less its released parts) falls below zero by
 * as many as the organization's repeat awardees; the sums looked for are then either those of
 * the values kept (up to 9 − start) or, when fewer, those of the values left out (the total less
 * them), whichever bound is lower.
 */
export function reachesSmall(start: number, values: readonly number[]): boolean {
  const high = MIN - 1 - start;
  const low = Math.max(0, 1 - start);
  if (high < low) return false;
  const kept = values.filter((v) => v > 0 && v <= high);
  const total = kept.reduce((sum, v) => sum + v, 0);
  if (total < low) return false;
  // A subset sums to low…high exactly when the rest sums to total − high…total − low.
  const [from, to] = high <= total - low ? [low, high] : [Math.max(0, total - high), total - low];
  const reachable = new Uint32Array((to >>> 5) + 1);
  reachable[0] = 1;
  const any = () => {
    for (let t = from; t <= to; t += 1) if (reachable[t >>> 5]! & (1 << (t & 31))) return true;
    return false;
  };
  if (from === 0) return true;
  for (const v of kept) {
    if (v > to) continue;
    const words = v >>> 5;
    const bits = v & 31;
    for (let w = reachable.length - 1; w >= words; w -= 1) {
      const lower = w - words;
      let moved = bits === 0 ? reachable[lower]! : reachable[lower]! << bits;
      if (bits !== 0 && lower > 0) moved |= reachable[lower - 1]! >>> (32 - bits);
      reachable[w] = reachable[w]! | moved;
    }
    if (any()) return true;
  }
  return false;
}

/**
 * The measures each cohort must withhold, by cohort key. `together` names groups of measures a
 * cohort shows only together (withholding one withholds the others): measures that are disjoint
 * parts of one population whose other published counts would tell each of them apart.
 */
export function protect(
  grid: Grid,
  together: ReadonlyArray<readonly string[]> = [],
): Map<string, Set<string>> {
  const keys = [...grid.cells.keys()];
  const measures = new Set<string>();
  for (const cell of grid.cells.values()) for (const m of Object.keys(cell.values)) measures.add(m);
  const hidden = new Map<string, Set<string>>(keys.map((k) => [k, new Set<string>()]));
  const pairs: Array<[string, string]> = [];
  if (grid.nested)
    for (const inner of keys)
      for (const outer of keys) if (grid.nested(inner, outer)) pairs.push([inner, outer]);

  const absent = (key: string, m: string) => {
    const published = grid.cells.get(key)!.published;
    return published !== null && !published.has(m);
  };
  const value = (key: string, m: string) => grid.cells.get(key)!.values[m] ?? 0;
  const isHidden = (key: string, m: string) => hidden.get(key)!.has(m);
  const hide = (key: string, m: string) => hidden.get(key)!.add(m);

  for (const m of measures)
    for (const key of keys) if (!absent(key, m) && small(value(key, m))) hide(key, m);

  let changed = true;
  while (changed) {
    changed = false;
    for (const m of measures) {
      for (const line of grid.lines) {
        if (absent(line.margin, m) || isHidden(line.margin, m)) continue;
        if (line.parts.some((p) => absent(p, m))) continue;
        let withheld = 0;
        let withheldParts = 0;
        let released = 0;
        for (const p of line.parts) {
          if (isHidden(p, m)) {
            withheld += value(p, m);
            if (value(p, m) > 0) withheldParts += 1;
          } else released += value(p, m);
        }
        const rest = value(line.margin, m) - released;
        // A lone withheld part would be the margin less the rest: it needs a companion. Where a
        // person counts once in the margin but in several parts, the rest can fall below zero:
        // then no set of released parts may bring it back to 1–9.
        if (
          !small(withheld) &&
          !small(rest) &&
          withheldParts !== 1 &&
          !(
            rest < 0 &&
            reachesSmall(
              rest,
              line.parts.filter((p) => !isHidden(p, m)).map((p) => value(p, m)),
            )
          )
        )
          continue;
        // Withhold the smallest released part that holds anyone, else the margin.
        let pick: string | null = null;
        for (const p of line.parts) {
          if (isHidden(p, m) || value(p, m) === 0) continue;
          if (pick === null || value(p, m) < value(pick, m)) pick = p;
        }
        hide(pick ?? line.margin, m);
        changed = true;
      }
      for (const [inner, outer] of pairs) {
        if (absent(inner, m) || absent(outer, m) || isHidden(inner, m) || isHidden(outer, m))
          continue;
        if (!small(value(outer, m) - value(inner, m))) continue;
        hide(value(inner, m) > 0 ? inner : outer, m);
        changed = true;
      }
    }
    for (const group of together) {
      for (const key of keys) {
        if (group.some((m) => isHidden(key, m)) && !group.every((m) => isHidden(key, m))) {
          for (const m of group) hide(key, m);
          changed = true;
        }
      }
    }
    for (const cohorts of grid.same ?? []) {
      for (const m of measures) {
        const shown = cohorts.filter((key) => !absent(key, m));
        if (shown.some((key) => isHidden(key, m)) && !shown.every((key) => isHidden(key, m))) {
          for (const key of shown) hide(key, m);
          changed = true;
        }
      }
    }
  }
  return hidden;
}
