/**
 * Writes .br and .gz next to every compressible file of the built client, so the server
 * (serveStatic with `precompressed: true`) sends them without compressing on each request.
 * Brotli at quality 11 is too slow to do per request but fine once per build.
 *
 *   tsx scripts/compress-assets.ts [dist/client]
 */
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|txt|xml|map|wasm)$/i;
/** Below this, the encoding headers cost more than they save. */
const MIN_BYTES = 512;

function* walk(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* walk(path);
    else if (entry.isFile()) yield path;
  }
}

export function compressDirectory(root: string): { files: number; raw: number; brotli: number; gzip: number } {
  const totals = { files: 0, raw: 0, brotli: 0, gzip: 0 };
  for (const path of walk(root)) {
    if (!COMPRESSIBLE.test(path) || statSync(path).size < MIN_BYTES) continue;
    const data = readFileSync(path);
    const br = brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
        [constants.BROTLI_PARAM_MODE]: /\.(js|mjs|css|html|svg|json)$/i.test(path) ? constants.BROTLI_MODE_TEXT : constants.BROTLI_MODE_GENERIC,
      },
    });
    const gz = gzipSync(data, { level: constants.Z_BEST_COMPRESSION });
    // A compressed copy that is not smaller would only waste a lookup.
    if (br.length < data.length) writeFileSync(`${path}.br`, br);
    if (gz.length < data.length) writeFileSync(`${path}.gz`, gz);
    totals.files += 1;
    totals.raw += data.length;
    totals.brotli += Math.min(br.length, data.length);
    totals.gzip += Math.min(gz.length, data.length);
  }
  return totals;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  const root = process.argv[2] ?? "dist/client";
  try {
    statSync(join(root, "index.html"));
  } catch {
    console.error(`${root}/index.html not found: run \`npm run build\` (vite build) first.`);
    process.exit(1);
  }
  const t = compressDirectory(root);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`compressed ${t.files} files in ${relative(process.cwd(), root) || "."}: ${kb(t.raw)} → br ${kb(t.brotli)}, gz ${kb(t.gzip)}`);
}
