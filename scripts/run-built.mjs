/**
 * `npm start`, `npm run admin`, `npm run jobs`, `npm run backup`, `npm run restore`,
 * `npm run db:migrate` and `npm run db:seed`: runs one entry of
 * the built server (dist/server/NAME.js, made by `npm run build`) with plain node, as if node
 * had been given that file, in production mode unless NODE_ENV says otherwise. Plain
 * JavaScript itself, so nothing compiles TypeScript at run time.
 *
 *   node scripts/run-built.mjs main|admin-cli|jobs-cli|backup-cli|restore-cli|migrate|seed [args…]
 */
import { existsSync } from "node:fs";
import { fileURLToPath, pathToFileURL } from "node:url";

const [name] = process.argv.slice(2);
const entry = fileURLToPath(new URL(`../dist/server/${name}.js`, import.meta.url));
if (!name || !existsSync(entry)) {
  console.error(`No built server at ${entry}: run \`npm run build\` first.`);
  process.exit(1);
}
// Before anything loads React: its entry picks the production or development build from it.
if (!process.env.NODE_ENV) process.env.NODE_ENV = "production";
// Stack traces name the TypeScript sources (the build writes source maps).
process.setSourceMapsEnabled(true);
// The entry sees the argv it would have had from `node dist/server/NAME.js args…`.
process.argv.splice(1, 2, entry);
await import(pathToFileURL(entry).href);
