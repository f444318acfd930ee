// What refusing common passwords costs: loading @zxcvbn-ts/language-common's ranked list into a
// Set as password-policy.ts does (on first use), its heap, and one lookup (median of 5 rounds).
// Run: node --expose-gc scripts/password-list-cost.mjs
const before = process.memoryUsage().heapUsed;
const started = performance.now();
const { dictionary } = await import("@zxcvbn-ts/language-common");
const common = new Set(dictionary["passwords-common"].map((p) => p.toLowerCase()));
const loadMs = performance.now() - started;
globalThis.gc?.();
const heapMB = (process.memoryUsage().heapUsed - before) / 1048576;
const rounds = [];
for (let r = 0; r < 5; r++) {
  const t = performance.now();
  for (let i = 0; i < 100_000; i++) common.has(`correct horse battery ${i % 10}`);
  rounds.push(((performance.now() - t) / 100_000) * 1e6);
}
rounds.sort((a, b) => a - b);
console.log(`entries ${common.size}, first load ${loadMs.toFixed(0)} ms, heap ${heapMB.toFixed(1)} MB (with --expose-gc), lookup median ${rounds[2].toFixed(0)} ns`);
