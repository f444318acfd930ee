/**
 * The production dependencies are what the built server and client load: `npm ci --omit=dev`
 * (the container image's runtime stage) must not carry a build tool, nor a package nothing uses.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";

const pkg = JSON.parse(readFileSync("package.json", "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
const runtime = Object.keys(pkg.dependencies);

/** The packages the product's code (server, client, database, jobs) imports, by package name. */
function importedPackages(): Set<string> {
  const lines = execFileSync("git", ["grep", "-h", "-o", "-E", `(from|import\\() *["'][^."'/][^"']*["']`, "--", "src", "db", "jobs", "vite.config.ts"], { encoding: "utf8" });
  const names = new Set<string>();
  for (const match of lines.matchAll(/["']([^"']+)["']/g)) {
    const parts = match[1]!.split("/");
    names.add(match[1]!.startsWith("@") ? parts.slice(0, 2).join("/") : parts[0]!);
  }
  return names;
}

describe("runtime dependencies", () => {
  it("leave out the build and test tools", () => {
    for (const tool of ["tsx", "esbuild", "vite", "vitest", "typescript", "drizzle-kit", "@playwright/test"]) {
      expect(runtime, tool).not.toContain(tool);
    }
    expect(pkg.devDependencies).toHaveProperty("tsx");
  });

  it("are each imported by the product's code", () => {
    // Loaded by name rather than imported: react-is by recharts' peer resolution, the language
    // packs and fonts by configuration. Listed here so a new one is a decision, not an accident.
    const loadedIndirectly = new Set(["react-is"]);
    const imported = importedPackages();
    const unused = runtime.filter((name) => !loadedIndirectly.has(name) && !imported.has(name));
    expect(unused).toEqual([]);
  });
});
