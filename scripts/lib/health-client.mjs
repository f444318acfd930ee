/**
 * The health client of `npm run bench:pages`, in a process of its own as a load balancer's or an
 * orchestrator's probe is: autocannon asks URL at RATE requests a second on one connection until
 * the parent says "stop", then sends back its latency figures (ms) and its error count. In the
 * benchmark's own process, its latencies also counted the time the crawler's work held that
 * process's event loop.
 *
 *   fork("scripts/lib/health-client.mjs", [URL, RATE, SECONDS])
 */
import autocannon from "autocannon";

const [url, rate, seconds] = process.argv.slice(2);
const instance = autocannon({ url, connections: 1, overallRate: Number(rate), duration: Number(seconds) }, (err, result) => {
  if (err) process.send?.({ error: String(err) }, () => process.exit(1));
  else process.send?.({ p50: result.latency.p50, p99: result.latency.p99, max: result.latency.max, requests: result.requests.total, errors: result.errors + result.non2xx, slow }, () => process.exit(0));
});
const startedAt = performance.now();
const slow = [];
instance.on("response", (_client, _status, _bytes, ms) => { if (ms > 15) slow.push(`${ms.toFixed(0)}ms@${(performance.now() - startedAt - ms).toFixed(0)}/${(Date.now() - ms).toFixed(0)}`); });
instance.on("start", () => process.send?.({ started: true }));
process.on("message", (message) => {
  if (message === "stop") instance.stop();
});
