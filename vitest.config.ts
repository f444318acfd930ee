import { defineConfig } from "vitest/config";

// Server and database tests run in Node; client component tests opt into happy-dom
// with a `// @vitest-environment happy-dom` pragma at the top of the file.
//
// The tests wait on databases, sockets and child processes more than on the CPU, so three
// forks keep two cores busy. Every file runs isolated (its own module graph): server modules keep
// per-process state (RDAP servers' rest periods, pooled buffers, metrics) that one file must not
// hand to the next, and client files that shared modules met Emotion style sheets bound to an
// earlier file's document.
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
        test: { name: "client", include: [CLIENT_TESTS], setupFiles: ["src/client/testing/file-start.ts"] },
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
