import { describe, expect, it } from "vitest";
import { openDb } from "../../../../db/client.ts";
import { createTestApp, TEST_ORIGIN } from "../../testing/test-app.ts";

describe("/favicon.ico", () => {
  it("answers the site's icon as an ICO holding a 32 × 32 PNG, not a 404", async () => {
    const res = await createTestApp(openDb({ sqlitePath: ":memory:" })).request(`${TEST_ORIGIN}/favicon.ico`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/x-icon");
    const bytes = Buffer.from(await res.arrayBuffer());
    // ICONDIR: reserved 0, type 1 (icon), one image; its entry says 32 × 32 and where the PNG starts.
    expect([bytes.readUInt16LE(0), bytes.readUInt16LE(2), bytes.readUInt16LE(4)]).toEqual([0, 1, 1]);
    expect([bytes.readUInt8(6), bytes.readUInt8(7)]).toEqual([32, 32]);
    const offset = bytes.readUInt32LE(18);
    expect(bytes.subarray(offset, offset + 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.readUInt32LE(14)).toBe(bytes.length - offset);
  });
});
