/**
 * A thread for the tests of render/render-threads.ts: answers { echo } with its value and its
 * thread id, { throws } by failing, { spin: ms } after keeping the thread busy that long,
 * { sleep: ms } after waiting that long without holding the thread, { exit } by stopping the thread,
 * { limits } with the thread's heap limits (worker_threads' resourceLimits), { outgrow } by
 * keeping ever more memory until the thread's old generation is full. It says it loaded as it starts.
 */
import { resourceLimits, threadId } from "node:worker_threads";
import { announceLoaded, serveTasks } from "../render/render-threads.ts";

announceLoaded(Promise.resolve());

export type FixtureTask = { echo: string } | { throws: string } | { spin: number } | { sleep: number } | { exit: true } | { limits: true } | { outgrow: true };

serveTasks(async (task: FixtureTask) => {
  if ("throws" in task) throw new TypeError(task.throws);
  if ("exit" in task) process.exit(3);
  if ("limits" in task) return { limits: resourceLimits, threadId };
  if ("outgrow" in task) {
    const kept: number[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, i) => i + kept.length));
  }
  if ("sleep" in task) {
    await new Promise((resolve) => setTimeout(resolve, task.sleep));
    return { slept: task.sleep, threadId };
  }
  if ("spin" in task) {
    const until = Date.now() + task.spin;
    while (Date.now() < until) { /* busy */ }
    return { spun: task.spin, threadId };
  }
  return { echo: task.echo, threadId };
});
