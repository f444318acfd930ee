/**
 * The README and the pages under docs/ point only at what exists: every relative link names a file
 * or folder of the repository (and a heading of it, when the link carries an anchor into a
 * Markdown file), and every `npm run <name>` they mention is a script in package.json.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

function markdownUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownUnder(path);
    return name.endsWith(".md") ? [path] : [];
  });
}

const pages = [join(ROOT, "README.md"), ...markdownUnder(join(ROOT, "docs"))];

/** The text outside fenced code blocks, where a link is a link. */
const prose = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```\s*$/gm, "");

/** Every inline link target `[text](target)`, without an optional title. */
const linkTargets = (text: string) =>
  [...prose(text).matchAll(/\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
const slug = (heading: string) =>
  heading.trim().toLowerCase().replace(/`/g, "").replace(/[^\p{L}\p{N}\s_-]/gu, "").replace(/\s/g, "-");

function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const out = new Set<string>();
  for (const [, heading] of prose(readFileSync(file, "utf8")).matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(heading!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    out.add(n === 0 ? base : `${base}-${n}`);
  }
  return out;
}

/** The script names of every `npm run <name>` (code spans, code blocks and prose alike). */
const npmRunNames = (text: string) => [...text.matchAll(/\bnpm run ([a-z0-9][\w:.-]*)/g)].map((m) => m[1]!.replace(/[.:]+$/, ""));

const scripts = new Set(Object.keys((JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts));

describe("the README and docs/", () => {
  it("are found", () => {
    expect(pages.length).toBeGreaterThan(5);
    expect(pages.some((p) => p.endsWith(join("docs", "configuration.md")))).toBe(true);
  });

  it.each(pages.map((p) => [relative(ROOT, p), p] as const))("%s links only to files that exist", (_name, page) => {
    const broken: string[] = [];
    for (const target of linkTargets(readFileSync(page, "utf8"))) {
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith("//")) continue; // another site, mailto:
      const [pathPart, anchor] = target.split("#", 2) as [string, string | undefined];
      const file = pathPart === "" ? page : resolve(dirname(page), decodeURIComponent(pathPart));
      if (!file.startsWith(ROOT) || !existsSync(file)) {
        broken.push(`${target}: no such file`);
        continue;
      }
      if (anchor && file.endsWith(".md") && !anchors(file).has(anchor.toLowerCase())) broken.push(`${target}: no such heading`);
    }
    expect(broken).toEqual([]);
  });

  it.each(pages.map((p) => [relative(ROOT, p), p] as const))("%s names only npm scripts package.json has", (_name, page) => {
    const unknown = npmRunNames(readFileSync(page, "utf8")).filter((name) => !scripts.has(name));
    expect(unknown).toEqual([]);
  });

  it("checks what it says it checks", () => {
    expect(linkTargets("[a](docs/x.md) [c](https://example.com \"t\")\n```\n[d](nowhere.md)\n```")).toEqual(["docs/x.md", "https://example.com"]);
    expect(npmRunNames("`npm run bench:pages`, npm run admin -- list, `npm run build`.")).toEqual(["bench:pages", "admin", "build"]);
    expect(slug("Set up (Node ≥ 20.19)")).toBe("set-up-node--2019");
    expect(slug("Health, metrics, stopping")).toBe("health-metrics-stopping");
  });
});
