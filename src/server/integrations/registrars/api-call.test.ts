import { createServer } from "node:net";
import { Hono } from "hono";
import { afterEach, describe, expect, it } from "vitest";
import { startLoopbackServer, type LoopbackServer } from "../../testing/loopback.ts";
import { callRegistrarApi } from "./api-call.ts";
import { RegistrarError } from "./registrar.ts";

let servers: LoopbackServer[] = [];
afterEach(async () => {
  await Promise.all(servers.map((s) => s.close()));
  servers = [];
});
const serve = async (app: Hono) => {
  const server = await startLoopbackServer(app);
  servers.push(server);
  return server.url;
};
const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(() => null, (e: unknown) => e);
  expect(error).toBeInstanceOf(RegistrarError);
  return error as RegistrarError;
};
const noWait = { sleep: async () => undefined };

describe("callRegistrarApi", () => {
  it("hands a refusal back to the adapter instead of throwing", async () => {
    const url = await serve(new Hono().get("/", (c) => c.json({ message: "Invalid API key" }, 403)));
    expect(await callRegistrarApi({ service: "Porkbun", url }, noWait)).toMatchObject({ status: 403, text: '{"message":"Invalid API key"}' });
  });

  it("tries four times by default before calling the registrar unavailable", async () => {
    let calls = 0;
    const url = await serve(new Hono().get("/", (c) => { calls++; return c.text("down", 503); }));
    const error = await failure(callRegistrarApi({ service: "Porkbun", url }, noWait));
    expect(error).toMatchObject({ kind: "unavailable", registrar: "Porkbun", message: "Porkbun is unavailable (HTTP 503); try again later" });
    expect(calls).toBe(4);
  });

  it("waits out a Retry-After of up to a minute, and names a longer one", async () => {
    const waits: number[] = [];
    let calls = 0;
    const url = await serve(new Hono().get("/", (c) => {
      calls++;
      return calls === 1 ? c.text("slow down", 429, { "retry-after": "45" }) : c.text("slow down", 429, { "retry-after": "90" });
    }));
    const error = await failure(callRegistrarApi({ service: "GoDaddy", url }, { sleep: async (ms) => { waits.push(ms); } }));
    expect(waits).toEqual([45_000]);
    expect(error).toMatchObject({ kind: "rate-limit", message: "GoDaddy is limiting requests (HTTP 429); try again in 90 s" });
  });

  it("refuses redirects, and words network failures and cancellation for the accounts page", async () => {
    const moved = await serve(new Hono().get("/", (c) => c.redirect("http://127.0.0.1:1/elsewhere")));
    expect(await failure(callRegistrarApi({ service: "Dynadot", url: moved }, noWait))).toMatchObject({ kind: "unavailable", message: "Dynadot answered with a redirect (HTTP 302), which is not followed" });
    const port = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    const refused = await failure(callRegistrarApi({ service: "Name.com", url: `http://127.0.0.1:${port}/` }, noWait));
    expect(refused).toMatchObject({ message: "Could not reach Name.com: 127.0.0.1 refused the connection", code: "ECONNREFUSED" });
    const unknownHost = await failure(callRegistrarApi({ service: "Porkbun", url: "http://api.porkbun.invalid/" }, noWait));
    expect(unknownHost.message).toBe("Could not reach Porkbun: the address api.porkbun.invalid was not found (DNS)");
    expect(["ENOTFOUND", "EAI_AGAIN"]).toContain((unknownHost as { code?: string }).code);
    const controller = new AbortController();
    controller.abort();
    const cancelled = await failure(callRegistrarApi({ service: "Name.com", url: moved }, { signal: controller.signal }));
    expect(cancelled.message).toBe("The sync was cancelled");
  });
});
