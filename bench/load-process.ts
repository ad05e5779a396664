// Runs one autocannon load in its own process (so the load generator does not share an event
// loop with the benchmark's bookkeeping) and prints its result as JSON: see `load` in lib.ts.
import autocannon from 'autocannon';

const options = JSON.parse(process.argv[2] ?? '{}') as autocannon.Options;
const result = await autocannon(options);
process.stdout.write(
  JSON.stringify({
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
  }),
);
