import { defineConfig } from "vitest/config";

// Server and database tests run in Node; client component tests opt into happy-dom
// with a `// @vitest-environment happy-dom` pragma at the top of the file.
export default defineConfig({
  test: {
    include: ["src/**/*.test.{ts,tsx}", "db/**/*.test.ts", "jobs/**/*.test.ts", "scripts/**/*.test.ts", "e2e/**/*.test.ts"],
    environment: "node",
    testTimeout: 20_000,
    hookTimeout: 60_000,
    fileParallelism: true,
    pool: "forks",
    globalSetup: ["db/testing/global-setup.ts"],
  },
});
