/**
 * Whether this process is ready for traffic, for GET /api/ready (a load balancer's readiness
 * probe) beside /api/health (liveness: the process answers). main.ts marks each check as boot
 * gets through it: the database migrated (and seeded), the job queue started, the page renderers
 * loaded and each public page kind rendered whole (or "off" where this process renders no pages).
 * Ready once every check is ready or off; not ready again once shutdown starts, so traffic drains
 * before the port closes, nor while a check's probe says it cannot serve now ("unavailable":
 * no render thread can render a page), with the reason in the report.
 *
 * Until the renderers are ready, pages and the API answer 503 with Retry-After (notReadyAnswer):
 * a short page that says so, never the client shell a crawler would index.
 */
import { Hono, type Context } from "hono";
import { htmlError } from "./error-page.ts";

export type ReadinessCheck = "database" | "queue" | "renderers";
export type CheckState = "pending" | "ready" | "failed" | "off" | "unavailable";

export interface ReadinessReport {
  status: "starting" | "ready" | "stopping" | "failed" | "unavailable";
  checks: Record<ReadinessCheck, { state: CheckState; message?: string }>;
}

/** What a client is told to wait before asking again while the process is not ready. */
export const RETRY_AFTER_SECONDS = 5;

export class Readiness {
  private readonly checks: ReadinessReport["checks"];
  private readonly probes: Partial<Record<ReadinessCheck, () => string | undefined>> = {};
  private stopping = false;

  constructor(initial: CheckState = "pending") {
    this.checks = { database: { state: initial }, queue: { state: initial }, renderers: { state: initial } };
  }

  mark(check: ReadinessCheck, state: CheckState, message?: string): void {
    this.checks[check] = message ? { state, message } : { state };
  }

  /** While `check` is ready, `probe` is asked each time; a message from it makes the check unavailable, with that reason. */
  probe(check: ReadinessCheck, probe: () => string | undefined): void {
    this.probes[check] = probe;
  }

  /** Shutdown has begun: no longer ready, whatever the checks say. */
  stop(): void {
    this.stopping = true;
  }

  /** The check as it stands now (its probe asked). */
  check(check: ReadinessCheck): { state: CheckState; message?: string } {
    const marked = this.checks[check];
    if (marked.state !== "ready") return marked;
    const problem = this.probes[check]?.();
    return problem ? { state: "unavailable", message: problem } : marked;
  }

  get ready(): boolean {
    return !this.stopping && (Object.keys(this.checks) as ReadinessCheck[]).every((name) => ["ready", "off"].includes(this.check(name).state));
  }

  report(): ReadinessReport {
    const checks = Object.fromEntries((Object.keys(this.checks) as ReadinessCheck[]).map((name) => [name, structuredClone(this.check(name))])) as ReadinessReport["checks"];
    const states = Object.values(checks).map((c) => c.state);
    const status = this.stopping ? "stopping"
      : states.includes("failed") ? "failed"
      : states.includes("unavailable") ? "unavailable"
      : states.every((s) => s === "ready" || s === "off") ? "ready" : "starting";
    return { status, checks };
  }
}

/**
 * The 503 for a request the process cannot answer yet (starting) or now (no render thread can
 * render): Retry-After, JSON under /api and /trpc, otherwise a short page (noindex) that says so.
 */
export function notReadyAnswer(c: Context, origin: string, starting: boolean): Response | Promise<Response> {
  c.header("Retry-After", String(RETRY_AFTER_SECONDS));
  c.header("Cache-Control", "no-store");
  const message = starting
    ? "TLDScope is starting. This page will be here in a few seconds; please try again then."
    : "TLDScope cannot show pages for a moment. Please try again in a few seconds.";
  if (c.req.path.startsWith("/api/") || c.req.path.startsWith("/trpc/") || c.req.method !== "GET" && c.req.method !== "HEAD") {
    return c.json({ message }, 503);
  }
  return htmlError(c, 503, message, origin, [{ href: c.req.path, label: "Try again" }]);
}

/** Where boot is (main.ts), for /api/health while the port is open and the app not built yet. */
export interface BootProgress {
  /** What boot is doing now, in words ("importing reference data"). */
  step: string;
  /** When the process started (performance.now()). */
  startedAt: number;
  /** When the step started (performance.now()). */
  stepStartedAt: number;
}

/**
 * What the port answers while the process starts, before the app exists: /api/health says
 * "starting" with boot's step and how long it has run, /api/ready the readiness report (503),
 * and every other request notReadyAnswer's 503.
 */
export function startingApp(readiness: Readiness, progress: BootProgress, origin: (c: Context) => string): Hono {
  const seconds = (since: number) => Math.round((performance.now() - since) / 100) / 10;
  const app = new Hono();
  app.get("/api/health", (c) => {
    c.header("Cache-Control", "no-store");
    return c.json({ status: "starting", step: progress.step, stepSeconds: seconds(progress.stepStartedAt), seconds: seconds(progress.startedAt) });
  });
  app.get("/api/ready", (c) => {
    c.header("Cache-Control", "no-store");
    c.header("Retry-After", String(RETRY_AFTER_SECONDS));
    return c.json({ ...readiness.report(), step: progress.step }, 503);
  });
  app.all("*", (c) => notReadyAnswer(c, origin(c), true));
  return app;
}
