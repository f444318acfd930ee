/**
 * Politeness toward each server this server asks (RDAP and WHOIS servers keyed by host, so .com
 * and .net at one operator share a budget; DNS resolvers; the addresses TLS probes connect to): at most `maxInFlight` requests at once, starts spaced to `perSecond`, and after a
 * 429 no request at all until its Retry-After has passed. Lookups that find a server resting
 * are handed back at once so the job can reschedule them instead of waiting.
 *
 * Lookups waiting for a slot are taken in turns by `fairKey` (the portfolio passes the owner's
 * id): one waiter of each key in rotation, so one owner's thousands of queued names hold another
 * owner's first name back by at most one request per owner ahead of it, not by the whole queue.
 *
 * Every waiter is woken by a finishing request or by the waiter before it: a waiter woken while
 * the server rests returns { resting } and wakes the next, so a 429 with many lookups queued
 * hands every one of them back instead of leaving them waiting for a slot nobody frees.
 */
type FairKey = string | number;

interface GateState {
  inFlight: number;
  nextStartAt: number;
  restingUntil: number;
  /** Waiters by fair key, each in arrival order; `turns` lists the keys with waiters, next first. */
  waiting: Map<FairKey, (() => void)[]>;
  turns: FairKey[];
  maxSeen: number;
}

export class ServerGates {
  private readonly gates = new Map<string, GateState>();
  private readonly spacingMs: number;

  constructor(private readonly maxInFlight: number, perSecond: number, private readonly now = () => Date.now()) {
    this.spacingMs = 1000 / perSecond;
  }

  private gate(key: string): GateState {
    let gate = this.gates.get(key);
    if (!gate) this.gates.set(key, gate = { inFlight: 0, nextStartAt: 0, restingUntil: 0, waiting: new Map(), turns: [], maxSeen: 0 });
    return gate;
  }

  /** When the server asked us to wait until (epoch ms), or null when it is not resting. */
  restingUntil(key: string): number | null {
    const until = this.gates.get(key)?.restingUntil ?? 0;
    return until > this.now() ? until : null;
  }

  rest(key: string, ms: number): void {
    const gate = this.gate(key);
    gate.restingUntil = Math.max(gate.restingUntil, this.now() + ms);
  }

  /** How many lookups wait for a slot at this server (not counting those in flight). */
  waitingAt(key: string): number {
    let n = 0;
    for (const queue of this.gates.get(key)?.waiting.values() ?? []) n += queue.length;
    return n;
  }

  private enqueue(gate: GateState, fairKey: FairKey, wake: () => void, front = false): void {
    const queue = gate.waiting.get(fairKey);
    if (queue) {
      if (front) queue.unshift(wake);
      else queue.push(wake);
      return;
    }
    gate.waiting.set(fairKey, [wake]);
    // A key that had nothing waiting takes its turn before the keys that have been waiting.
    if (front) gate.turns.unshift(fairKey);
    else gate.turns.push(fairKey);
  }

  /** Takes a waiter out of its queue (it gave up); false when it was woken already. */
  private dequeue(gate: GateState, fairKey: FairKey, wake: () => void): boolean {
    const queue = gate.waiting.get(fairKey);
    const at = queue?.indexOf(wake) ?? -1;
    if (!queue || at === -1) return false;
    queue.splice(at, 1);
    if (queue.length === 0) {
      gate.waiting.delete(fairKey);
      gate.turns.splice(gate.turns.indexOf(fairKey), 1);
    }
    return true;
  }

  /** Wakes the first waiter of the key whose turn it is, and moves that key to the back. */
  private wakeNext(gate: GateState): void {
    const fairKey = gate.turns.shift();
    if (fairKey === undefined) return;
    const queue = gate.waiting.get(fairKey)!;
    const wake = queue.shift()!;
    if (queue.length > 0) gate.turns.push(fairKey);
    else gate.waiting.delete(fairKey);
    wake();
  }

  /**
   * Runs `request` once a slot is free, it is `fairKey`'s turn and the rate allows, or returns
   * { resting } without running it when the server is resting (a 429 earlier, or while this
   * call waited). When `abandon` aborts while the call still waits for a slot, it gives up its
   * place and returns { abandoned } (a request already sent is not stopped by it).
   */
  async run<T>(
    key: string, request: () => Promise<T>, fairKey: FairKey = "", abandon?: AbortSignal,
  ): Promise<{ value: T } | { resting: number } | { abandoned: true }> {
    const gate = this.gate(key);
    let woken = false;
    for (;;) {
      const resting = this.restingUntil(key);
      if (resting !== null) {
        // Hand the wake-up on: the next waiter learns of the rest too and returns.
        if (woken) this.wakeNext(gate);
        return { resting };
      }
      // A newcomer queues behind those already waiting; a woken waiter takes the slot it was given.
      if (gate.inFlight < this.maxInFlight && (woken || gate.turns.length === 0)) break;
      if (abandon?.aborted) {
        if (woken) this.wakeNext(gate);
        return { abandoned: true };
      }
      const front = woken; // woken for a slot someone else took: keep its place
      const gotSlot = await new Promise<boolean>((resolve) => {
        const onAbandon = () => {
          if (this.dequeue(gate, fairKey, wake)) resolve(false);
        };
        const wake = () => {
          abandon?.removeEventListener("abort", onAbandon);
          resolve(true);
        };
        this.enqueue(gate, fairKey, wake, front);
        abandon?.addEventListener("abort", onAbandon, { once: true });
      });
      if (!gotSlot) return { abandoned: true };
      woken = true;
    }
    gate.inFlight++;
    try {
      const startAt = Math.max(this.now(), gate.nextStartAt);
      gate.nextStartAt = startAt + this.spacingMs;
      const wait = startAt - this.now();
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      const resting = this.restingUntil(key);
      if (resting !== null) return { resting };
      gate.maxSeen = Math.max(gate.maxSeen, gate.inFlight);
      return { value: await request() };
    } finally {
      gate.inFlight--;
      this.wakeNext(gate);
    }
  }

  /** The most requests each server had in flight at once (what the benchmark reports). */
  maxInFlightSeen(): Map<string, number> {
    return new Map([...this.gates].map(([key, g]) => [key, g.maxSeen]));
  }
}
