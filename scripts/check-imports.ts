/**
 * npm run lint: the import rules of the architecture, checked on every source file.
 * - src/shared imports only zod, punycode, croner (the one cron reading) and other shared files;
 * - src/client never imports server or db code (only `import type` of the tRPC router);
 * - db/ never imports src/server or src/client, except that the seed reads the bundled lists
 *   with the price and rate formats of src/server/integrations/{prices,rates};
 * - a server feature never imports another feature.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative, resolve, dirname } from "node:path";

const root = resolve(import.meta.dirname, "..");
const files: string[] = [];
const walk = (dir: string) => {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (name === "node_modules" || name.startsWith(".")) continue;
    if (statSync(path).isDirectory()) walk(path);
    else if (/\.(ts|tsx)$/.test(name) && !name.endsWith(".d.ts")) files.push(path);
  }
};
["src", "db", "jobs"].forEach((d) => { try { walk(join(root, d)); } catch { /* folder absent */ } });

const problems: string[] = [];
const IMPORT = /^\s*(import|export)\s+(type\s+)?[^'"]*?from\s+["']([^"']+)["']/gm;
for (const file of files) {
  const rel = relative(root, file);
  const text = readFileSync(file, "utf8");
  for (const m of text.matchAll(IMPORT)) {
    const typeOnly = Boolean(m[2]);
    const spec = m[3]!;
    const target = spec.startsWith(".") ? relative(root, resolve(dirname(file), spec)) : spec;
    const isTest = /\.test\.tsx?$/.test(rel);
    if (rel.startsWith("src/shared/") && !spec.startsWith(".") && !/^(zod|punycode(\/.*)?|croner|vitest|fast-check)$/.test(spec)) {
      problems.push(`${rel}: shared code imports "${spec}"`);
    }
    if (rel.startsWith("src/shared/") && spec.startsWith(".") && !target.startsWith("src/shared/")) {
      problems.push(`${rel}: shared code imports ${target}`);
    }
    if (rel.startsWith("src/client/") && (target.startsWith("src/server/") || target.startsWith("db/")) && !typeOnly) {
      problems.push(`${rel}: client imports server code ${target} (only \`import type\` is allowed)`);
    }
    const seedReadsFormat = rel.startsWith("db/seed/") && /^src\/server\/integrations\/(prices|rates)\//.test(target);
    if (rel.startsWith("db/") && (target.startsWith("src/server/") || target.startsWith("src/client/")) && !isTest && !seedReadsFormat) {
      problems.push(`${rel}: db imports ${target}`);
    }
    const feature = rel.match(/^src\/server\/features\/([^/]+)\//)?.[1];
    const other = target.match(/^src\/server\/features\/([^/]+)\//)?.[1];
    if (feature && other && feature !== other) problems.push(`${rel}: feature "${feature}" imports feature "${other}"`);
  }
}

if (problems.length) {
  console.error(problems.join("\n"));
  console.error(`\n${problems.length} import rule violation(s)`);
  process.exit(1);
}
console.log(`import rules: ${files.length} files checked, no violations`);
