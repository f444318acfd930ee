/**
 * Politeness toward each RDAP server (keyed by host, so .com and .net at one operator share a
 * budget): at most `maxInFlight` requests at once, starts spaced to `perSecond`, and after a
 * 429 no request at all until its Retry-After has passed. Lookups that find a server resting
 * are handed back at once so the job can reschedule them instead of waiting.
 */
interface GateState {
  inFlight: number;
  nextStartAt: number;
  restingUntil: number;
  waiters: (() => void)[];
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
    if (!gate) this.gates.set(key, gate = { inFlight: 0, nextStartAt: 0, restingUntil: 0, waiters: [], maxSeen: 0 });
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

  /**
   * Runs `request` once a slot is free and the rate allows, or returns { resting } without
   * running it when the server is resting (a 429 earlier, or while this call waited).
   */
  async run<T>(key: string, request: () => Promise<T>): Promise<{ value: T } | { resting: number }> {
    const gate = this.gate(key);
    for (;;) {
      const resting = this.restingUntil(key);
      if (resting !== null) return { resting };
      if (gate.inFlight < this.maxInFlight) break;
      await new Promise<void>((resolve) => gate.waiters.push(resolve));
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
      gate.waiters.shift()?.();
    }
  }

  /** The most requests each server had in flight at once (what the benchmark reports). */
  maxInFlightSeen(): Map<string, number> {
    return new Map([...this.gates].map(([key, g]) => [key, g.maxSeen]));
  }
}
