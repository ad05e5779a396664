/** Page sizes of every list, without the schemas (the web app's lists import them without zod). */
export const MAX_PAGE_SIZE = 100;
export const DEFAULT_PAGE_SIZE = 25;
