/**
 * Whether this process is ready for traffic, for GET /api/ready (a load balancer's readiness
 * probe) beside /api/health (liveness: the process answers). main.ts marks each check as boot
 * gets through it: the database migrated (and seeded), the job queue started, the page renderers
 * loaded and warmed (or "off" where this process renders no pages). Ready once every check is
 * ready or off; not ready again once shutdown starts, so traffic drains before the port closes.
 */

export type ReadinessCheck = "database" | "queue" | "renderers";
export type CheckState = "pending" | "ready" | "failed" | "off";

export interface ReadinessReport {
  status: "starting" | "ready" | "stopping" | "failed";
  checks: Record<ReadinessCheck, { state: CheckState; message?: string }>;
}

export class Readiness {
  private readonly checks: ReadinessReport["checks"];
  private stopping = false;

  constructor(initial: CheckState = "pending") {
    this.checks = { database: { state: initial }, queue: { state: initial }, renderers: { state: initial } };
  }

  mark(check: ReadinessCheck, state: CheckState, message?: string): void {
    this.checks[check] = message ? { state, message } : { state };
  }

  /** Shutdown has begun: no longer ready, whatever the checks say. */
  stop(): void {
    this.stopping = true;
  }

  get ready(): boolean {
    return !this.stopping && Object.values(this.checks).every((c) => c.state === "ready" || c.state === "off");
  }

  report(): ReadinessReport {
    const states = Object.values(this.checks).map((c) => c.state);
    const status = this.stopping ? "stopping" : states.includes("failed") ? "failed" : this.ready ? "ready" : "starting";
    return { status, checks: structuredClone(this.checks) };
  }
}
