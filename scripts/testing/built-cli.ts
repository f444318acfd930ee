/** How a test runs a command-line tool as a process: node and its bundle (scripts/testing/cli-bundles.ts). */
import { join } from "node:path";
import { inject } from "vitest";
import type { CLI_ENTRIES } from "./cli-bundles.ts";

export function builtCli(name: (typeof CLI_ENTRIES)[number]): [command: string, script: string] {
  return [process.execPath, join(inject("cliBundleDir"), `${name}.js`)];
}
