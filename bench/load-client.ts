/**
 * The load generator of npm run bench, run in its own process so that autocannon's work does not
 * share the server's event loop (a real client never does). Reads {url, cookie, connections,
 * seconds} as JSON from argv[2] and prints autocannon's latency summary as JSON.
 */
import autocannon from 'autocannon';

const { url, cookie, connections, seconds } = JSON.parse(process.argv[2] ?? '{}') as { url: string; cookie: string; connections: number; seconds: number };
const result = await autocannon({ url, connections, duration: seconds, headers: { cookie } });
process.stdout.write(
  JSON.stringify({ p50: result.latency.p50, p99: result.latency.p99, rps: Math.round(result.requests.average), errors: result.errors + result.non2xx }),
);
