/**
 * npx tsx scripts/bench-oversized-answers.ts: what a huge answer from another server costs this
 * process. A separate process on loopback streams a BENCH_ANSWER_MB (default 300) MB answer; this
 * process asks for it the way the HTTP helper used to (fetch, the whole body read as text) and the
 * way it does now (httpRequest with the RDAP answer's cap), one after the other. During each, a
 * trivial HTTP route in this process is asked 100 times a second (as /api/health would be), and
 * the process's resident memory is sampled every 20 ms, for the request's time and at least 3 s.
 * Prints, per way: the time to the end of the request, the peak resident memory above the start,
 * and the route's median, p99 and worst latency.
 */
import { spawn } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { ANSWER_CAPS } from "../src/server/integrations/answer-caps.ts";
import { httpRequest } from "../src/server/integrations/http.ts";

const ANSWER_MB = Number(process.env.BENCH_ANSWER_MB ?? 300);

/** The streaming server, in its own process so its work does not count against this one. */
async function startStreamer(): Promise<{ url: string; stop: () => void }> {
  const code = `
    import { createServer } from "node:http";
    const chunk = Buffer.alloc(64 * 1024, "a");
    const total = ${ANSWER_MB} * 1024 * 1024;
    const server = createServer((req, res) => {
      res.writeHead(200, { "content-type": "application/rdap+json" });
      let sent = 0;
      const pump = () => { while (sent < total) { sent += chunk.length; if (!res.write(chunk)) return void res.once("drain", pump); } res.end(); };
      res.on("close", () => { sent = total; });
      pump();
    });
    server.listen(0, "127.0.0.1", () => console.log(server.address().port));`;
  const child = spawn(process.execPath, ["--input-type=module", "-e", code], { stdio: ["ignore", "pipe", "inherit"] });
  const port = await new Promise<number>((resolve) => child.stdout.once("data", (d: Buffer) => resolve(Number(String(d).trim()))));
  return { url: `http://127.0.0.1:${port}/domain/huge.test`, stop: () => child.kill() };
}

async function startHealth(): Promise<{ url: string; server: Server }> {
  const server = createServer((_req, res) => res.end('{"status":"ok"}'));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/health`, server };
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

async function measure(name: string, healthUrl: string, work: () => Promise<string>) {
  globalThis.gc?.();
  await new Promise((r) => setTimeout(r, 300));
  const startRss = process.memoryUsage().rss;
  let peak = startRss;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 20);
  const latencies: number[] = [];
  let running = true;
  const asks: Promise<void>[] = [];
  const ticker = setInterval(() => {
    if (!running) return;
    const started = performance.now();
    asks.push(fetch(healthUrl).then((r) => r.text()).then(() => { latencies.push(performance.now() - started); }, () => {}));
  }, 10);
  const started = performance.now();
  const outcome = await work();
  const seconds = (performance.now() - started) / 1000;
  await new Promise((r) => setTimeout(r, Math.max(0, 3000 - seconds * 1000)));
  running = false;
  clearInterval(ticker);
  await Promise.all(asks);
  clearInterval(sampler);
  peak = Math.max(peak, process.memoryUsage().rss);
  console.log(`${name}: ${outcome} in ${seconds.toFixed(2)} s; peak resident memory +${Math.round((peak - startRss) / 1024 / 1024)} MB; `
    + `health route (${latencies.length} requests) median ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms, worst ${Math.max(...latencies).toFixed(1)} ms`);
}

const streamer = await startStreamer();
const health = await startHealth();
try {
  console.log(`a ${ANSWER_MB} MB answer on loopback; node ${process.version}`);
  await measure("before: fetch, whole body read", health.url, async () => {
    const res = await fetch(streamer.url);
    const text = await res.text();
    return `read ${Math.round(text.length / 1024 / 1024)} MB`;
  });
  await measure(`now: httpRequest, cap ${ANSWER_CAPS.rdapDomain / 1024 / 1024} MB`, health.url, async () => {
    try {
      await httpRequest({ service: "The RDAP server", url: streamer.url, maxBytes: ANSWER_CAPS.rdapDomain }, { attempts: 1, timeoutMs: 120_000 });
      return "read it all (unexpected)";
    } catch (error) {
      return `refused (${(error as { kind?: string }).kind})`;
    }
  });
} finally {
  streamer.stop();
  health.server.close();
}
