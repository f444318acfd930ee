import { afterEach, describe, expect, it } from "vitest";
import { createThreadPool, type ThreadPool } from "./render/render-threads.ts";

const FIXTURE = new URL("./testing/thread-pool-fixture.mjs", import.meta.url);
type Answer = { echo?: string; spun?: number; threadId: number };

let pool: ThreadPool | undefined;
afterEach(async () => {
  await pool?.close();
  pool = undefined;
});
const start = (size: number, tasksPerThread = 1) => (pool = createThreadPool(FIXTURE, { size, tasksPerThread }));
const run = (task: unknown, signal?: AbortSignal) => pool!.run(task, signal ? { signal } : {}) as Promise<Answer>;

describe("the render pool's threads", () => {
  it("runs more tasks than threads, each once, on every thread, and hands back a task's error", async () => {
    start(2);
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => run({ echo: `task ${i}` })));
    expect(answers.map((a) => a.echo)).toEqual(Array.from({ length: 8 }, (_, i) => `task ${i}`));
    // While one thread spins, the other answers: both threads take tasks.
    const [spun, quick] = await Promise.all([run({ spin: 300 }), run({ echo: "meanwhile" })]);
    expect(spun.threadId).not.toBe(quick.threadId);

    const failed = run({ throws: "no such page" });
    await expect(failed).rejects.toThrow("no such page");
    await expect(failed).rejects.toMatchObject({ name: "TypeError" });
    expect((await run({ echo: "after" })).echo).toBe("after");
  }, 30_000);

  it("starts each thread with the heap limits it is given, and V8's own without them", async () => {
    pool = createThreadPool(FIXTURE, { size: 2, resourceLimits: { maxYoungGenerationSizeMb: 12, maxOldGenerationSizeMb: 128 } });
    type Limits = { limits: { maxYoungGenerationSizeMb: number; maxOldGenerationSizeMb: number }; threadId: number };
    // While one thread spins, the other answers: both threads are asked.
    const [, second] = await Promise.all([run({ spin: 200 }), run({ limits: true })]) as unknown as [unknown, Limits];
    const [first] = await Promise.all([run({ limits: true }), run({ spin: 200 })]) as unknown as [Limits, unknown];
    expect(first.threadId).not.toBe(second.threadId);
    expect([first.limits.maxYoungGenerationSizeMb, second.limits.maxYoungGenerationSizeMb]).toEqual([12, 12]);
    expect([first.limits.maxOldGenerationSizeMb, second.limits.maxOldGenerationSizeMb]).toEqual([128, 128]);
    await pool.close();
    start(1);
    const own = await run({ limits: true }) as unknown as Limits;
    expect(own.limits.maxYoungGenerationSizeMb).toBeGreaterThan(12);
    expect(own.limits.maxOldGenerationSizeMb).toBeGreaterThan(128);
  }, 30_000);

  it("gives a thread as many tasks at once as it is allowed, so one waiting task does not hold the next", async () => {
    const elapsed = async () => {
      await run({ echo: "the thread has started" });
      const started = performance.now();
      const answers = await Promise.all([run({ sleep: 400 }), run({ sleep: 400 })]);
      expect(answers[0].threadId).toBe(answers[1].threadId);
      return performance.now() - started;
    };
    start(1, 2);
    expect(await elapsed()).toBeLessThan(750);
    await pool!.close();
    start(1);
    expect(await elapsed()).toBeGreaterThanOrEqual(790);
  }, 30_000);

  it("drops a waiting task that is aborted, and stops a running one with its thread, which is replaced", async () => {
    start(1);
    const first = await run({ echo: "first" });
    const ran: string[] = [];
    const busy = run({ spin: 400 });
    const waitingAbort = new AbortController();
    const waiting = run({ echo: "never" }, waitingAbort.signal).then((a) => ran.push(a.echo!));
    waitingAbort.abort();
    await expect(waiting).rejects.toThrow();
    await busy;
    expect(ran).toEqual([]);

    const runningAbort = new AbortController();
    const spinning = run({ spin: 60_000 }, runningAbort.signal);
    setTimeout(() => runningAbort.abort(), 100);
    const started = Date.now();
    await expect(spinning).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(5000);
    // The next task runs on a new thread.
    const after = await run({ echo: "after" });
    expect(after.echo).toBe("after");
    expect(after.threadId).not.toBe(first.threadId);
  }, 30_000);

  it("rejects the task of a thread that outgrows its old generation and replaces the thread", async () => {
    pool = createThreadPool(FIXTURE, { size: 1, resourceLimits: { maxOldGenerationSizeMb: 32 } });
    const before = await run({ echo: "before" });
    await expect(run({ outgrow: true })).rejects.toThrow(/out of memory/i);
    const after = await run({ echo: "after" });
    expect(after.echo).toBe("after");
    expect(after.threadId).not.toBe(before.threadId);
  }, 30_000);

  it("rejects the task of a thread that stops, replaces the thread, and rejects waiting tasks on close", async () => {
    start(1);
    const before = await run({ echo: "before" });
    await expect(run({ exit: true })).rejects.toThrow("exit code 3");
    const after = await run({ echo: "after" });
    expect(after.echo).toBe("after");
    expect(after.threadId).not.toBe(before.threadId);

    const running = expect(run({ spin: 300 })).rejects.toThrow();
    const waiting = expect(run({ echo: "waiting" })).rejects.toThrow("closed");
    await pool!.close();
    await waiting;
    await running;
    await expect(run({ echo: "late" })).rejects.toThrow("closed");
  }, 30_000);

  it("has a replacement thread warm up on its own before it takes waiting tasks, and waits longer each time one stops before it is warm", async () => {
    const events: string[] = [];
    let refusals = 2;
    let restarts = 0;
    pool = createThreadPool(FIXTURE, {
      size: 1,
      onRestart: () => restarts++,
      warmUp: async (runOn) => {
        const answer = (await runOn({ sleep: 300 })) as Answer;
        events.push(`warm-up on ${answer.threadId}`);
        if (refusals-- > 0) throw new Error("this warm-up fails");
      },
    });
    await pool.loaded();
    const before = await run({ echo: "before" });
    expect(pool.readyCount).toBe(1);
    // The first threads take tasks at once: warming them is the server's start-up (main.ts).
    expect(events).toEqual([]);
    await expect(run({ exit: true })).rejects.toThrow("exit code 3");
    expect(pool.readyCount).toBe(0);
    const stopped = performance.now();
    const after = await run({ echo: "after" });
    events.push(`task on ${after.threadId}`);
    // Two replacements failed their warm-up: the first was replaced after 1 s, the second after 2 s.
    expect(performance.now() - stopped).toBeGreaterThanOrEqual(3000);
    expect(restarts).toBe(3);
    expect(events).toHaveLength(4);
    expect(events.at(-2)).toBe(`warm-up on ${after.threadId}`);
    expect(events.at(-1)).toBe(`task on ${after.threadId}`);
    expect(after.threadId).not.toBe(before.threadId);
    expect(pool.readyCount).toBe(1);
  }, 30_000);
});
