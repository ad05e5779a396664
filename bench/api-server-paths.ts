/** Where bench/api-server.ts serves its copy of the lookup routes without authentication. */
export const UNAUTHENTICATED_PREFIX = '/api/unauthenticated';
