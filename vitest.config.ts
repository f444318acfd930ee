import { defineConfig } from "vitest/config";

// Server and database tests run in Node; client component tests opt into happy-dom
// with a `// @vitest-environment happy-dom` pragma at the top of the file.
//
// The tests wait on databases, sockets and child processes more than on the CPU, so three
// worker threads keep two cores busy. Test files share their worker's modules (isolate: false):
// a file imports the app once per worker instead of once per file, which was most of the run's
// time (docs/decisions/053); each still makes its own app, database, fakes and document (client
// files: its own emotion cache too, src/client/testing/render.tsx).
const CLIENT_TESTS = "src/client/**/*.test.{ts,tsx}";

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    pool: "threads",
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: { name: "client", include: [CLIENT_TESTS], setupFiles: ["src/client/testing/file-start.ts"], isolate: false },
      },
      {
        extends: true,
        test: {
          name: "server",
          isolate: false,
          include: ["src/**/*.test.{ts,tsx}", "db/**/*.test.ts", "jobs/**/*.test.ts", "scripts/**/*.test.ts", "e2e/**/*.test.ts"],
          exclude: [CLIENT_TESTS, "**/node_modules/**"],
          globalSetup: ["db/testing/global-setup.ts", "scripts/testing/cli-bundles.ts"],
        },
      },
    ],
  },
});
