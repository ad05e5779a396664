/**
 * How much of a contract's line item is used, without the schemas (the web app's dashboard imports
 * it without zod).
 */

/** Used over included (1.25 is a quarter over); null for an item that includes and used nothing. */
export function usageShare(item: { used: number; includedQuantity: number }): number | null {
  if (item.includedQuantity > 0) return item.used / item.includedQuantity;
  return item.used > 0 ? Number.POSITIVE_INFINITY : null;
}
