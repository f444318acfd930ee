/**
 * Vitest global setup: bundles the command-line tools once per run, as `npm run build` does
 * (scripts/lib/server-bundle.ts), so the tests that run them as processes start plain
 * JavaScript, as `npm run admin`, `npm run jobs`, `npm run backup` and `npm run restore` do,
 * instead of compiling the source through tsx on every start (about 1 s of CPU less per run on
 * the 2-core test machine). Bundling takes about half a second.
 */
import { rmSync } from "node:fs";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { bundleServer, type ServerEntry } from "../lib/server-bundle.ts";

export const CLI_ENTRIES = ["admin-cli", "jobs-cli", "backup-cli", "restore-cli"] as const satisfies readonly ServerEntry[];

declare module "vitest" {
  export interface ProvidedContext {
    cliBundleDir: string;
  }
}

export default async function setup(project: TestProject) {
  const root = process.cwd();
  // Inside the project, so the bundles' packages resolve from its node_modules; one folder per run.
  const outdir = join(root, "node_modules", ".cache", "tldscope-test-cli", String(process.pid));
  await bundleServer(root, outdir, CLI_ENTRIES);
  project.provide("cliBundleDir", outdir);
  return () => rmSync(outdir, { recursive: true, force: true });
}
