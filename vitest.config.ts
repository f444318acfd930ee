import { defineConfig } from "vitest/config";

// Server and database tests run in Node; client component tests opt into happy-dom
// with a `// @vitest-environment happy-dom` pragma at the top of the file.
//
// The tests wait on databases, sockets and child processes more than on the CPU, so three
// forks keep two cores busy. Client component tests share one module graph per fork (no
// per-file isolation: importing React, Chakra and the routes once per fork instead of once per
// file); each renders into its own fresh DOM and query client. Server tests keep per-file
// isolation: module-level state (the response buffer pool, the price answers' cache) must
// start clean in each file.
const CLIENT_TESTS = "src/client/**/*.test.{ts,tsx}";

export default defineConfig({
  test: {
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    pool: "forks",
    maxWorkers: 3,
    projects: [
      {
        extends: true,
        test: { name: "client", include: [CLIENT_TESTS], isolate: false, setupFiles: ["src/client/testing/file-start.ts"] },
      },
      {
        extends: true,
        test: {
          name: "server",
          include: ["src/**/*.test.{ts,tsx}", "db/**/*.test.ts", "jobs/**/*.test.ts", "scripts/**/*.test.ts", "e2e/**/*.test.ts"],
          exclude: [CLIENT_TESTS, "**/node_modules/**"],
          globalSetup: ["db/testing/global-setup.ts"],
        },
      },
    ],
  },
});
