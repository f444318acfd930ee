/**
 * One section of the README, for administrators: the setup checklist and the Operations page
 * link to what it says about a setting. Read from the README beside the server (the working
 * directory of `npm start`, or the source tree), as plain text.
 */
import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { notFound } from "../../lib/errors.ts";

const CANDIDATES = [
  resolve(process.cwd(), "README.md"),
  // Source tree: src/server/features/price-engine → the repository's root; the build: dist/server → the root.
  fileURLToPath(new URL("../../../../README.md", import.meta.url)),
  fileURLToPath(new URL("../../README.md", import.meta.url)),
];

async function readReadme(): Promise<string | null> {
  for (const path of CANDIDATES) {
    try {
      return await readFile(path, "utf8");
    } catch {
      // the next place
    }
  }
  return null;
}

/** The section under the "## " heading named `section` (up to the next "## "), heading included. */
export async function readmeSection(section: string): Promise<string> {
  const text = await readReadme();
  if (text === null) throw notFound("The README is not installed beside this server");
  const lines = text.split("\n");
  const start = lines.findIndex((line) => line.startsWith("## ") && line.slice(3).trim() === section.trim());
  if (start < 0) throw notFound(`The README has no section "${section}"`);
  const end = lines.findIndex((line, i) => i > start && line.startsWith("## "));
  return lines.slice(start, end < 0 ? undefined : end).join("\n").trimEnd() + "\n";
}
