import { EventEmitter } from "node:events";
import type { ServerResponse } from "node:http";
import { describe, expect, it } from "vitest";
import { jsonAnswerFromParts } from "./json-cache.ts";
import { joinForResponse, pooledCounts } from "./response-buffer-pool.ts";

const fakeResponse = () => new EventEmitter() as unknown as ServerResponse;
const piecesOf = (...texts: string[]) => texts.map((t) => Buffer.from(t));
const CLASS = 64 * 1024;

/** Takes every pooled buffer of the class out for good (responses that never finish): the pool is per process, shared by files. */
function emptyPool(): void {
  while ((pooledCounts()[CLASS] ?? 0) > 0) joinForResponse(piecesOf("x"), 1, fakeResponse());
}

describe("response buffer pool", () => {
  it("joins the pieces, and lends a buffer again only after its response finished or closed", () => {
    emptyPool();
    const before = 0;
    const first = fakeResponse();
    const a = joinForResponse(piecesOf('{"a":', "1}"), 7, first);
    expect(a.toString()).toBe('{"a":1}');
    // While the first response is still being written, a second one gets a buffer of its own.
    const second = fakeResponse();
    const b = joinForResponse(piecesOf("[2]"), 3, second);
    expect(b.buffer).not.toBe(a.buffer);
    expect(a.toString()).toBe('{"a":1}');

    first.emit("finish");
    first.emit("close"); // given back once, not twice
    expect(pooledCounts()[CLASS]).toBe(before + 1);
    const third = joinForResponse(piecesOf("[3]"), 3, fakeResponse());
    expect(third.buffer).toBe(a.buffer);
    expect(third.toString()).toBe("[3]");
    expect(pooledCounts()[CLASS]).toBe(before);

    second.emit("close"); // a connection that went away gives its buffer back too
    expect(pooledCounts()[CLASS]).toBe(before + 1);
  });

  it("without a Node response (app.request) or past 1 MB, joins into a buffer of its own", () => {
    const before = pooledCounts();
    expect(joinForResponse(piecesOf("[1]"), 3, undefined).toString()).toBe("[1]");
    const big = Buffer.alloc(1024 * 1024 + 1, 0x20);
    const response = fakeResponse();
    expect(joinForResponse([big], big.length, response).length).toBe(big.length);
    response.emit("finish");
    expect(pooledCounts()).toEqual(before);
  });

  it("an answer's first send uses a pooled join; from its second (a cached answer) its own bytes", () => {
    const entry = jsonAnswerFromParts(piecesOf("[", "1", "]"), "d");
    expect(entry.byteLength).toBe(3);
    const response = fakeResponse();
    const first = entry.bodyFor(response);
    expect(first.toString()).toBe("[1]");
    response.emit("finish");
    const again = entry.bodyFor(fakeResponse());
    expect(again).toBe(entry.bytes);
    expect(again.buffer).not.toBe(first.buffer);
    expect(entry.bodyFor(undefined)).toBe(entry.bytes);
  });
});
