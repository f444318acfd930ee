/**
 * What the browser journeys (e2e/fixtures.ts) and the Lighthouse audit share: the production server
 * on a fresh temporary database (scripts/lib/server-process.ts, started and stopped by process
 * group) serving the already built client, and Chromium with the flags that work here.
 */
import { existsSync } from "node:fs";
import { join } from "node:path";
import { startServer, waitForServerRender, type RunningServer } from "./lib/server-process.ts";

export type { RunningServer };

/**
 * These scripts build nothing themselves; they test what `npm run build` produced. Says what is
 * missing, or undefined when the build is there.
 */
export function missingBuild(): string | undefined {
  for (const file of ["dist/client/index.html", "dist/ssr/entry-server.js", "dist/server/main.js"]) {
    const path = join(process.cwd(), file);
    if (!existsSync(path)) return `No ${path}: run \`npm run build\` first.`;
  }
  return undefined;
}

/** Ends the process with missingBuild's message when there is no build. */
export function assertClientBuilt(): void {
  const missing = missingBuild();
  if (missing) {
    console.error(missing);
    process.exit(1);
  }
}

/**
 * The production server as `npm start` runs it (the build, with node), warmed up: it answers
 * once its render threads have loaded the page code, which no journey or audit should measure. `env` adds
 * settings, e.g. the base URLs of loopback fakes.
 */
export async function startProductionServer(env: Record<string, string> = {}): Promise<RunningServer> {
  const server = await startServer({ NODE_ENV: "production", ...env }, 60_000, { built: true });
  await waitForServerRender(server);
  return server;
}

/** Debian's Chromium and the flags from STACK.md. */
export const CHROMIUM_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const CHROMIUM_FLAGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
