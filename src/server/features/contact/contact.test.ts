import { describe, expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { AUTH_TEST_ENV, authed, nextIp, registerAdmin, registerUser } from "../../testing/auth.ts";
import { TEST_ORIGIN, createTestApp } from "../../testing/test-app.ts";

type Issue = { field: string; message: string };
type Page = { messages: Array<Record<string, unknown>>; page: number; limit: number; total: number; totalPages: number };

const VALID = {
  name: "Ada Lovelace", email: "ada@example.com", subject: "Missing registrar", category: "data-inquiry",
  message: "Please add Gandi to the comparison.",
};

forEachDialect("contact messages", (getDb) => {
  const app = () => createTestApp(getDb(), { env: AUTH_TEST_ENV });
  const send = async (body: unknown, ip = nextIp()) => {
    const res = await app().request(`${TEST_ORIGIN}/api/contact`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": ip },
      body: typeof body === "string" ? body : JSON.stringify(body),
    });
    return { res, status: res.status, body: (await res.json()) as Record<string, unknown> & { message?: string; issues?: Issue[] } };
  };
  let adminCookie: string | undefined;
  const asAdmin = async () => {
    adminCookie ??= (await registerAdmin(app(), getDb(), { email: "boss@example.com" })).cookie;
    return authed(app(), adminCookie);
  };

  it("stores a valid message with its address, default priority and the text exactly as sent", async () => {
    const html = "<script>alert('x')</script> <b>bold</b> & more";
    const sent = await send({ ...VALID, subject: "  Tags in text ", message: html }, "203.0.113.7");
    expect(sent.status).toBe(201);
    expect(sent.body.id).toEqual(expect.any(Number));
    const list = await (await asAdmin())<Page>("/api/admin/contact-messages");
    expect(list.status).toBe(200);
    const stored = list.body.messages.find((m) => m.id === sent.body.id)!;
    expect(stored).toMatchObject({
      name: "Ada Lovelace", email: "ada@example.com", subject: "Tags in text", category: "data-inquiry",
      priority: "normal", message: html, ip: "203.0.113.7", readAt: null,
    });
  });

  it("answers 400 with each field's message from the spec, and stores nothing", async () => {
    const admin = await asAdmin();
    const before = (await admin<Page>("/api/admin/contact-messages")).body.total;
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ name: "A" }, "name", "Name must be at least 2 characters"],
      [{ name: "x".repeat(101) }, "name", "Name is too long"],
      [{ email: "not-an-address" }, "email", "Please enter a valid email address"],
      [{ subject: "Hey" }, "subject", "Subject must be at least 5 characters"],
      [{ subject: "s".repeat(201) }, "subject", "Subject is too long"],
      [{ category: "" }, "category", "Please select a category"],
      [{ category: "spam" }, "category", "Please select a category"],
      [{ message: "Too short" }, "message", "Message must be at least 10 characters"],
      [{ message: "m".repeat(2001) }, "message", "Message is too long"],
      [{ priority: "urgent" }, "priority", "Priority must be low, normal, high or critical"],
    ];
    for (const [change, field, message] of cases) {
      const { status, body } = await send({ ...VALID, ...change });
      expect(status, JSON.stringify(change).slice(0, 60)).toBe(400);
      expect(body.issues).toEqual([{ field, message }]);
      expect(body.message).toBe(`Invalid ${field}: ${message}`);
    }
    const notJson = await send("name=Ada");
    expect(notJson.status).toBe(400);
    expect(notJson.body.message).toBe("The request body must be JSON");
    expect((await admin<Page>("/api/admin/contact-messages")).body.total).toBe(before);
  });

  it("accepts 5 messages an hour from one address, then 429 with Retry-After and a readable message", async () => {
    const ip = nextIp();
    for (let i = 0; i < 5; i++) expect((await send(VALID, ip)).status).toBe(201);
    const refused = await send(VALID, ip);
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.res.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(refused.body.message).toMatch(/^You have sent 5 messages in the last hour\. Please wait \d+ minutes? before sending another\.$/);
    expect((await send(VALID, nextIp())).status).toBe(201);
  });

  it("lists messages newest first, paged, for administrators only", async () => {
    for (const subject of ["First subject", "Second subject", "Third subject"]) expect((await send({ ...VALID, subject })).status).toBe(201);
    const admin = await asAdmin();
    const page1 = await admin<Page>("/api/admin/contact-messages?limit=2");
    expect(page1.status).toBe(200);
    expect(page1.res.headers.get("cache-control")).toContain("no-store");
    expect(page1.body.messages.map((m) => m.subject)).toEqual(["Third subject", "Second subject"]);
    expect(page1.body).toMatchObject({ page: 1, limit: 2 });
    expect(page1.body.totalPages).toBe(Math.ceil(page1.body.total / 2));
    const page2 = await admin<Page>("/api/admin/contact-messages?limit=2&page=2");
    expect(page2.body.messages[0]?.subject).toBe("First subject");
    expect((await admin("/api/admin/contact-messages?limit=500")).status).toBe(400);

    const signedOut = await app().request(`${TEST_ORIGIN}/api/admin/contact-messages`);
    expect(signedOut.status).toBe(401);
    const user = await registerUser(app());
    const forbidden = await authed(app(), user.cookie)<{ message: string }>("/api/admin/contact-messages");
    expect(forbidden.status).toBe(403);
    expect(forbidden.body.message).toBe("Admin privileges required");
  });

  describe("tRPC twin", () => {
    it("contact.send stores through the same service; contact.adminList refuses non-admins", async () => {
      const post = await app().request(`${TEST_ORIGIN}/trpc/contact.send`, {
        method: "POST", headers: { "content-type": "application/json", origin: TEST_ORIGIN, "x-forwarded-for": nextIp() },
        body: JSON.stringify({ ...VALID, subject: "Via tRPC form" }),
      });
      expect(post.status).toBe(200);
      const list = await (await asAdmin())<{ result: { data: Page } }>(`/trpc/contact.adminList?input=${encodeURIComponent(JSON.stringify({ page: 1, limit: 1 }))}`);
      expect(list.body.result.data.messages[0]?.subject).toBe("Via tRPC form");
      const anonymous = await app().request(`${TEST_ORIGIN}/trpc/contact.adminList?input=${encodeURIComponent("{}")}`);
      expect(anonymous.status).toBe(401);
    });
  });
});
