/**
 * Preloaded by scripts/smoke-production.sh (NODE_OPTIONS=--require): appends to
 * $RECORD_EXECUTED_FILE the path of every CommonJS file of React, React DOM or tsx the process
 * actually runs (compiles), so the check can tell the production builds from the development
 * ones and see that no TypeScript loader ran. Resolving alone is not enough: Node's ESM loader
 * resolves both branches of React's `process.env.NODE_ENV` switch to learn its export names.
 */
const Module = require("node:module");
const { appendFileSync } = require("node:fs");

const file = process.env.RECORD_EXECUTED_FILE;
const compile = Module.prototype._compile;
Module.prototype._compile = function (content, filename, ...rest) {
  if (file && /[\\/]node_modules[\\/](react|react-dom|tsx)[\\/]/.test(filename)) appendFileSync(file, `${filename}\n`);
  return compile.call(this, content, filename, ...rest);
};
