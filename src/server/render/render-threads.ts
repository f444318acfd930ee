/**
 * The render pool's threads (render-pool.ts, docs/decisions/024): a fixed number of worker
 * threads running one module, each given up to `tasksPerThread` tasks at a time; tasks wait in
 * order for room on a thread (how many may wait is bounded by the caller). A task whose signal
 * aborts while it waits is dropped; one that aborts while it runs is stopped with its thread,
 * and any other task on that thread is rejected. A thread that exits or fails is replaced and
 * its tasks rejected.
 *
 * A thread may say once that its module has loaded, or failed to (`announceLoaded`); `loaded()`
 * resolves when every thread has said it loaded, so a server can wait for its renderers before
 * it says it is ready. With `warmUp`, a thread that replaces one that stopped takes no task from
 * the queue until it has loaded and run the warm-up's tasks on its own, so a cold thread never
 * gets the traffic that a warm one timed out on; a replacement that stops or fails before it is
 * warm is replaced after a delay that doubles each time (up to 30 s), not in a loop.
 *
 * The thread's side is `serveTasks` below. Written for this one use instead of a general pool
 * library: tinypool, used before, read `process.memoryUsage()` in the thread after every task,
 * about 0.7 ms of CPU per rendered page in a profile on this machine.
 */
import { Worker, parentPort, type ResourceLimits, type Transferable } from "node:worker_threads";

interface TaskMessage {
  id: number;
  task: unknown;
}

type AnswerMessage =
  | { id: number; result: unknown }
  | { id: number; error: { name: string; message: string; stack?: string | undefined } };

/** A thread's word that its module loaded (or did not), outside any task. */
type LoadedMessage = { loaded: true } | { loaded: false; error: string };

interface Job {
  id: number;
  task: unknown;
  transferList: readonly Transferable[];
  resolve(result: unknown): void;
  reject(error: unknown): void;
  /** Removes the job's abort listener once it is settled. */
  done(): void;
}

interface Thread {
  worker: Worker;
  /** The tasks it runs now, by id. */
  jobs: Map<number, Job>;
  /** It has answered a task: its module loads. */
  answered: boolean;
  /** What it said of its module: loaded, failed, or nothing yet. */
  load: "loading" | "loaded" | "failed";
  /** It stopped or failed; it takes no more tasks. */
  gone: boolean;
  /** It may take tasks from the queue (a replacement only once its warm-up has run). */
  warm: boolean;
}

/** How long a thread that stopped before answering any task (its module does not load) waits to be replaced. */
const RESTART_DELAY_MS = 1000;
/** The longest wait before replacing a thread that keeps stopping before it is warm. */
const MAX_RESTART_DELAY_MS = 30_000;

/** How a task is given to the pool (run), or to one thread (warm-up). */
export interface RunOptions {
  transferList?: readonly Transferable[];
  signal?: AbortSignal;
}

export interface ThreadPool {
  /** Runs `task` on the next free thread; `transferList` moves objects (a MessagePort) with it. */
  run(task: unknown, options?: RunOptions): Promise<unknown>;
  /** Stops every thread; tasks waiting or running are rejected. */
  close(): Promise<void>;
  /**
   * Resolves once every thread has said its module loaded (announceLoaded); rejects with the
   * error of one that said it failed. A thread that stops before saying is waited for in the
   * thread that replaces it.
   */
  loaded(): Promise<void>;
  /** Tasks waiting for room on a thread. */
  readonly waitingCount: number;
  /** Threads that can take tasks now: loaded, warm, not stopped. */
  readonly readyCount: number;
  /** Threads the pool keeps. */
  readonly size: number;
}

const abortError = (signal: AbortSignal): unknown =>
  signal.reason ?? Object.assign(new Error("The task was aborted"), { name: "AbortError" });

export interface ThreadPoolOptions {
  /** Threads, all started at once and kept. */
  size: number;
  /** Tasks a thread is given at a time (an async task leaves the thread free while it waits). */
  tasksPerThread?: number;
  /** Given to each thread as it starts (worker_threads' `workerData`). */
  workerData?: unknown;
  /** Each thread's heap limits (worker_threads' `resourceLimits`); V8's defaults where absent. */
  resourceLimits?: ResourceLimits;
  /** Told each time a thread that stopped or failed is replaced (metrics). */
  onRestart?: () => void;
  /**
   * Run for a thread that replaces one that stopped, once it says its module loaded: `run` gives
   * a task to that thread alone. The thread takes tasks from the queue once this resolves; when
   * it rejects, the thread is stopped and replaced later.
   */
  warmUp?: (run: (task: unknown, options?: RunOptions) => Promise<unknown>) => Promise<void>;
}

/** Starts the threads running `file`. */
export function createThreadPool(file: URL, { size, tasksPerThread = 1, workerData, resourceLimits, onRestart, warmUp }: ThreadPoolOptions): ThreadPool {
  const threads: Thread[] = [];
  const waiting: Job[] = [];
  let nextId = 0;
  let closed = false;
  const loadWaiters: Array<{ resolve: () => void; reject: (error: Error) => void }> = [];
  let loadError: Error | undefined;
  /** Threads in a row that stopped before they were warm: each waits twice as long to be replaced. */
  let coldLosses = 0;
  /** Settles loaded() once every thread has loaded, or one failed to. */
  const checkLoaded = () => {
    if (loadWaiters.length === 0) return;
    if (!loadError && !threads.every((t) => t.load === "loaded")) return;
    for (const waiter of loadWaiters.splice(0)) {
      if (loadError) waiter.reject(loadError);
      else waiter.resolve();
    }
  };

  const start = (replacement = false): Thread => {
    // No loader flags of the parent's (tsx, vitest): the thread's module brings what it needs.
    const worker = new Worker(file, { execArgv: [], workerData, ...(resourceLimits ? { resourceLimits } : {}) });
    // An idle thread does not keep the process alive; the server's socket does.
    worker.unref();
    const thread: Thread = { worker, jobs: new Map(), answered: false, gone: false, load: "loading", warm: !(replacement && warmUp) };
    worker.on("message", (answer: AnswerMessage | LoadedMessage) => {
      if ("loaded" in answer) {
        thread.load = answer.loaded ? "loaded" : "failed";
        thread.answered ||= answer.loaded;
        if (!answer.loaded) loadError ??= new Error(`A render thread could not load its code: ${answer.error}`);
        checkLoaded();
        if (answer.loaded && !thread.warm && warmUp) {
          warmUp((task, options) => runOn(thread, task, options)).then(
            () => {
              if (thread.gone) return;
              thread.warm = true;
              coldLosses = 0;
              next();
            },
            () => void thread.worker.terminate(),
          );
        }
        return;
      }
      const job = thread.jobs.get(answer.id);
      if (!job) return;
      thread.jobs.delete(answer.id);
      thread.answered = true;
      job.done();
      if ("error" in answer) job.reject(Object.assign(new Error(answer.error.message), answer.error));
      else job.resolve(answer.result);
      next();
    });
    const lost = (error: Error) => {
      if (thread.gone) return;
      thread.gone = true;
      for (const job of thread.jobs.values()) {
        job.done();
        job.reject(error);
      }
      thread.jobs.clear();
      const replace = () => {
        const index = threads.indexOf(thread);
        if (index < 0) return;
        if (closed) return void threads.splice(index, 1);
        threads[index] = start(true);
        onRestart?.();
        next();
      };
      // Replaced at once, unless it never got as far as answering or warming up: then not in a tight loop.
      if ((thread.answered && thread.warm) || closed) replace();
      else setTimeout(replace, Math.min(MAX_RESTART_DELAY_MS, RESTART_DELAY_MS * 2 ** coldLosses++)).unref();
    };
    worker.on("error", lost);
    worker.on("exit", (code) => lost(new Error(`The render thread stopped (exit code ${code})`)));
    return thread;
  };

  /** Hands waiting jobs to the threads with room, oldest job first, to the least busy thread. */
  const next = () => {
    while (waiting.length > 0) {
      let free: Thread | undefined;
      for (const thread of threads) {
        if (thread.gone || !thread.warm || thread.jobs.size >= tasksPerThread) continue;
        if (!free || thread.jobs.size < free.jobs.size) free = thread;
      }
      if (!free) return;
      const job = waiting.shift()!;
      free.jobs.set(job.id, job);
      free.worker.postMessage({ id: job.id, task: job.task } satisfies TaskMessage, job.transferList);
    }
  };

  /** Gives `task` to `thread` now, outside the queue (a replacement's warm-up). */
  const runOn = (thread: Thread, task: unknown, { transferList = [], signal }: RunOptions = {}): Promise<unknown> => {
    if (thread.gone || closed) return Promise.reject(new Error("The render thread stopped"));
    return new Promise((resolve, reject) => {
      const onAbort = () => {
        reject(abortError(signal!));
        void thread.worker.terminate();
      };
      const job: Job = {
        id: nextId++, task, transferList, resolve, reject,
        done: () => signal?.removeEventListener("abort", onAbort),
      };
      signal?.addEventListener("abort", onAbort, { once: true });
      thread.jobs.set(job.id, job);
      thread.worker.postMessage({ id: job.id, task: job.task } satisfies TaskMessage, job.transferList);
    });
  };

  for (let i = 0; i < size; i++) threads.push(start());

  return {
    run(task, { transferList = [], signal } = {}) {
      if (closed) return Promise.reject(new Error("The render threads are closed"));
      if (signal?.aborted) return Promise.reject(abortError(signal));
      return new Promise((resolve, reject) => {
        const onAbort = () => {
          const queued = waiting.indexOf(job);
          if (queued >= 0) {
            waiting.splice(queued, 1);
            job.done();
            reject(abortError(signal!));
            return;
          }
          const running = threads.find((thread) => thread.jobs.get(job.id) === job);
          if (!running) return;
          // A running task cannot be interrupted: its thread goes (with any other task it runs,
          // which is rejected), and `lost` starts another.
          reject(abortError(signal!));
          void running.worker.terminate();
        };
        const job: Job = {
          id: nextId++, task, transferList, resolve, reject,
          done: () => signal?.removeEventListener("abort", onAbort),
        };
        signal?.addEventListener("abort", onAbort, { once: true });
        waiting.push(job);
        next();
      });
    },
    loaded() {
      return new Promise<void>((resolve, reject) => {
        loadWaiters.push({ resolve, reject });
        checkLoaded();
      });
    },
    get waitingCount() {
      return waiting.length;
    },
    get readyCount() {
      return threads.filter((t) => !t.gone && t.warm && t.load === "loaded").length;
    },
    get size() {
      return threads.length;
    },
    async close() {
      closed = true;
      loadError ??= new Error("The render threads are closed");
      checkLoaded();
      for (const job of waiting.splice(0)) {
        job.done();
        job.reject(new Error("The render threads are closed"));
      }
      await Promise.all(threads.map((thread) => thread.worker.terminate()));
    },
  };
}

/** In a pool's thread: tells the pool whether the thread's module loaded (ThreadPool.loaded). */
export function announceLoaded(outcome: Promise<unknown>): void {
  const port = parentPort;
  if (!port) throw new Error("announceLoaded runs in a worker thread");
  outcome.then(
    () => port.postMessage({ loaded: true } satisfies LoadedMessage),
    (cause: unknown) => port.postMessage({ loaded: false, error: cause instanceof Error ? cause.message : String(cause) } satisfies LoadedMessage),
  );
}

/**
 * In a pool's thread: answers each task the pool sends with `handle`'s result or error;
 * `transfer` names the result's buffers to move to the pool's thread instead of copying them.
 */
export function serveTasks<R>(handle: (task: never) => Promise<R>, transfer: (result: R) => readonly Transferable[] = () => []): void {
  const port = parentPort;
  if (!port) throw new Error("serveTasks runs in a worker thread");
  port.on("message", ({ id, task }: TaskMessage) => {
    handle(task as never).then(
      (result) => port.postMessage({ id, result } satisfies AnswerMessage, transfer(result)),
      (cause: unknown) => {
        const error = cause instanceof Error ? cause : new Error(String(cause));
        port.postMessage({ id, error: { name: error.name, message: error.message, stack: error.stack } } satisfies AnswerMessage);
      },
    );
  });
}
