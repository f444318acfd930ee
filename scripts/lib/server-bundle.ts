/**
 * The server as plain JavaScript (docs/decisions/024): each entry is bundled by esbuild into one
 * ES module, with every package left in node_modules (native drivers, pg-boss and the rest load
 * as they do from source), so the output folder must sit inside the project. The files the code
 * finds beside itself through import.meta.url (db/client.ts's migrations, the seed's bundled
 * data) are copied to the same place relative to the bundles. The server render's entry is built
 * by `vite build --ssr` into dist/ssr (vite.config.ts). Used by `npm run build`
 * (scripts/build-server.ts) and by the tests that run the command-line tools as processes.
 */
import { cpSync, rmSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";

/** Output name → source; scripts/run-built.mjs runs them by name. */
export const SERVER_ENTRIES = {
  main: "src/server/main.ts",
  "admin-cli": "src/server/admin-cli.ts",
  "jobs-cli": "src/server/jobs-cli.ts",
  "backup-cli": "db/backup-cli.ts",
  "restore-cli": "db/restore-cli.ts",
  migrate: "db/migrate-cli.ts",
  seed: "db/seed/cli.ts",
  "render-worker": "src/server/render/render-worker.ts",
  "boot-data-worker": "src/server/boot-data-worker.ts",
} as const;

export type ServerEntry = keyof typeof SERVER_ENTRIES;

/** Bundles `names` into `outdir` (emptied first), under `root`'s node_modules. */
export async function bundleServer(root: string, outdir: string, names: readonly ServerEntry[]): Promise<void> {
  rmSync(outdir, { recursive: true, force: true });
  await build({
    absWorkingDir: root,
    entryPoints: names.map((out) => ({ in: SERVER_ENTRIES[out], out })),
    outdir,
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20.19",
    packages: "external",
    // Tells src/server/render/render-entry.ts it runs from the build: it loads dist/ssr, not the source.
    define: { __SERVER_BUILD__: "true" },
    sourcemap: true,
    logLevel: "warning",
    plugins: [{
      // The client reaches the built server only as dist/ssr; bundling its source would put a
      // second, unbuilt copy of every page in the server.
      name: "no-client-source",
      setup(b) {
        b.onResolve({ filter: /[\\/]client[\\/]/ }, (args) =>
          args.kind === "import-statement" || args.kind === "dynamic-import"
            ? { errors: [{ text: `${args.importer} imports client source ${args.path}; the server reaches the client only through dist/ssr` }] }
            : undefined);
      },
    }],
  });
  cpSync(join(root, "db/migrations"), join(outdir, "migrations"), { recursive: true });
  cpSync(join(root, "db/seed/data"), join(outdir, "seed/data"), { recursive: true });
}
