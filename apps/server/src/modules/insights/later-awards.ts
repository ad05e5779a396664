// The awards of an organization that are not their person's first (person = organization +
// external id; first = earliest award year, then lowest id): all-credentials views leave them
// out, so that a person counts once. Held as one bit per award id between the organization's
// smallest and largest (1.25 MB for ten million ids), not as a set of numbers, so that a rebuild's
// memory does not grow with how many people hold several awards; sent to the rebuild's second
// thread as it is.

/** Which award ids are later awards. */
export interface LaterAwards {
  has(id: number): boolean;
}

/** The bits of `LaterAwards`, as they travel to another thread: bit i is award id `from` + i. */
export interface LaterAwardBits {
  from: number;
  bits: Uint8Array;
}

/** Later awards of the ids `from` … `to` (inclusive), none marked yet. */
export function laterAwardBits(from: number, to: number): LaterAwardBits {
  return { from, bits: new Uint8Array(to >= from ? Math.floor((to - from) / 8) + 1 : 0) };
}

/** Marks the award `id` (within the bits' ids) as a later award. */
export function markLater(later: LaterAwardBits, id: number): void {
  const i = id - later.from;
  if (i < 0 || i >= later.bits.length * 8)
    throw new RangeError(`Award ${id} is outside the organization's ids`);
  later.bits[i >> 3]! |= 1 << (i & 7);
}

/** Reads the bits: ids outside them (awards added since they were made) are first awards. */
export function laterAwardsOf({ from, bits }: LaterAwardBits): LaterAwards {
  const size = bits.length * 8;
  return {
    has(id) {
      const i = id - from;
      return i >= 0 && i < size && (bits[i >> 3]! & (1 << (i & 7))) !== 0;
    },
  };
}
