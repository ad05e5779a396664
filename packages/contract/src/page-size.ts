/** Page sizes of every list, without the schemas (the web app's lists import them without zod). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
/**
 * A text search matching more rows than this lists only this many of them (the first its text index
 * yields, sorted and paged as asked), and its page says so with `totalIsLowerBound`.
 */
export const SEARCH_MATCH_LIMIT = 1000;
