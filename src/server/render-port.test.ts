import { MessageChannel } from "node:worker_threads";
import { afterEach, describe, expect, it } from "vitest";
import { answerFetchesOn, fetchOver, type RenderCalls } from "./render/render-port.ts";

const channels: MessageChannel[] = [];
afterEach(() => {
  for (const { port1, port2 } of channels.splice(0)) {
    port1.close();
    port2.close();
  }
});

/** The main thread's side answering with `calls`, the render's fetch, and the messages the main side received. */
function connect(calls: RenderCalls) {
  const channel = new MessageChannel();
  channels.push(channel);
  const received: unknown[] = [];
  channel.port1.on("message", (message) => received.push(message));
  answerFetchesOn(channel.port1, calls);
  return { fetch: fetchOver(channel.port2), received };
}

const GET = { method: "GET", headers: {} };

describe("the render's calls over a MessagePort", () => {
  it("sends the calls of one turn as one message, answers each in its order, and a later call on its own", async () => {
    const asked: string[] = [];
    const { fetch, received } = connect(async (url) => {
      asked.push(url);
      // The first call answers last: answers still reach the calls that made them.
      if (url.endsWith("/slow")) await new Promise((r) => setTimeout(r, 30));
      return url.endsWith("/missing") ? { status: 404, body: '{"error":"no such TLD"}' } : { status: 200, body: JSON.stringify({ url }) };
    });
    const [slow, quick, missing] = await Promise.all([fetch("http://x/trpc/slow", GET), fetch("http://x/trpc/quick", GET), fetch("http://x/trpc/missing", GET)]);
    expect(received).toHaveLength(1);
    expect(asked).toEqual(["http://x/trpc/slow", "http://x/trpc/quick", "http://x/trpc/missing"]);
    expect([slow.ok, slow.status, await slow.json()]).toEqual([true, 200, { url: "http://x/trpc/slow" }]);
    expect(await quick.json()).toEqual({ url: "http://x/trpc/quick" });
    expect([missing.ok, missing.status, await missing.json()]).toEqual([false, 404, { error: "no such TLD" }]);

    const later = await fetch("http://x/trpc/later", { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(received).toHaveLength(2);
    expect(await later.json()).toEqual({ url: "http://x/trpc/later" });
  });

  it("rejects only the call whose answering failed", async () => {
    const { fetch } = connect(async (url) => {
      if (url.endsWith("/broken")) throw new Error("the database is gone");
      return { status: 200, body: "1" };
    });
    const [fine, broken] = await Promise.allSettled([fetch("http://x/trpc/fine", GET), fetch("http://x/trpc/broken", GET)]);
    expect(fine.status).toBe("fulfilled");
    expect(broken).toMatchObject({ status: "rejected", reason: { message: "the database is gone" } });
  });
});
