/**
 * What the browser journeys (e2e/run.ts) and the Lighthouse audit share: the production server
 * on a fresh temporary database (scripts/lib/server-process.ts, started and stopped by process
 * group) serving the already built client, and Chromium with the flags that work here.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startServer, type RunningServer } from "./lib/server-process.ts";

export type { RunningServer };

/** These scripts build nothing themselves; they test what `npm run build` produced. */
export function assertClientBuilt(): void {
  const index = join(process.cwd(), "dist/client/index.html");
  if (!existsSync(index)) {
    console.error(`No built client at ${index}: run \`npm run build\` first.`);
    process.exit(1);
  }
}

/** `env` adds settings, e.g. the base URLs of loopback fakes. */
/**
 * The production server, warmed up: its first page request loads the server renderer (seconds
 * through tsx, docs/decisions/017), which no journey or audit should measure.
 */
export async function startProductionServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({ NODE_ENV: "production", ...env });
  await fetch(`${server.url}/tlds`).then((r) => r.text());
  return server;
}

/** Debian's Chromium and the flags from STACK.md. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
