/**
 * A worker thread's CPU priority, lowered from inside it. On Linux the nice value belongs to each
 * thread (setpriority(2) with a thread id changes that thread only), so a render thread can yield
 * the CPU to the main thread, which answers the API and the health checks, without slowing the
 * whole process: on a machine with fewer cores than busy threads, the scheduler runs the main
 * thread first and the renders take the rest. Elsewhere (no /proc/thread-self) nothing changes.
 */
import { readFileSync } from "node:fs";
import { setPriority } from "node:os";

/** This thread's kernel id (Linux), from /proc/thread-self/stat; undefined where there is none. */
function threadKernelId(): number | undefined {
  try {
    const id = Number(readFileSync("/proc/thread-self/stat", "utf8").split(" ", 1)[0]);
    return Number.isInteger(id) && id > 0 ? id : undefined;
  } catch {
    return undefined;
  }
}

/** Raises this thread's nice value to `nice` (1–19, higher yields more); false when it could not. */
export function lowerThreadPriority(nice: number): boolean {
  const tid = threadKernelId();
  if (tid === undefined) return false;
  try {
    setPriority(tid, nice);
    return true;
  } catch {
    return false;
  }
}
