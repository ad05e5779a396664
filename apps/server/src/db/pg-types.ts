// How values of PostgreSQL come back to JavaScript, for every pg client of the process' thread
// (the type parsers are global to the pg module of a thread). Imported for its effect by
// database.ts and by threads that use pg without it.
import pg from 'pg';

// PostgreSQL returns BIGINT (count(*), bigserial) as strings by default; every id and count in
// Laurel fits in a JavaScript number, so parse them as numbers on both dialects alike.
pg.types.setTypeParser(20, (value) => Number(value));
// NUMERIC as number too: money amounts are stored as NUMERIC(12,2) and stay within double precision.
pg.types.setTypeParser(1700, (value) => Number(value));
