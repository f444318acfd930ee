import { spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { openDb } from "../../../../db/client.ts";
import { createTestApp, getJson, TEST_ORIGIN } from "../../testing/test-app.ts";

// The document does not read the database; an unmigrated in-memory one serves the app.
const app = () => createTestApp(openDb({ sqlitePath: ":memory:" }), { env: { APP_URL: "https://tldscope.invalid" } });

type Operation = { operationId?: string; security?: Record<string, string[]>[] };
const METHODS = ["get", "post", "put", "patch", "delete"];
const operationsOf = (paths: Record<string, Record<string, Operation>>) =>
  Object.entries(paths).flatMap(([path, item]) => METHODS.filter((m) => item[m]).map((m) => ({ key: `${m.toUpperCase()} ${path}`, op: item[m]! })));

describe("OpenAPI document", () => {
  it("is a valid OpenAPI 3.1 document by an independent validator", async () => {
    const { status, body, res } = await getJson<Record<string, unknown>>(app(), "/api/openapi.json");
    expect(status).toBe(200);
    expect(res.headers.get("etag")).toBeTruthy();
    const result = await validate(structuredClone(body) as never);
    expect(result.valid ? [] : result.errors).toEqual([]);
    expect(result.valid).toBe(true);
    expect(body.openapi).toBe("3.1.0");
  });

  it("passes Redocly's linter (its recommended rules) with no error and no warning", async () => {
    const { body } = await getJson<Record<string, unknown>>(app(), "/api/openapi.json");
    const file = join(mkdtempSync(join(tmpdir(), "openapi-lint-")), "openapi.json");
    writeFileSync(file, JSON.stringify(body));
    const run = spawnSync(join(process.cwd(), "node_modules/.bin/redocly"), ["lint", file, "--format=json"], {
      encoding: "utf8", timeout: 60_000, env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
    });
    const report = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as { totals: { errors: number; warnings: number }; problems: { ruleId: string; message: string }[] };
    expect(report.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);

  it("gives every operation a unique operationId, and the API a licence", async () => {
    const { body } = await getJson<{ info: { license?: { name: string; url: string } }; paths: Record<string, Record<string, Operation>> }>(app(), "/api/openapi.json");
    const operations = operationsOf(body.paths);
    expect(operations.length).toBeGreaterThan(35);
    expect(operations.filter(({ op }) => !op.operationId).map(({ key }) => key)).toEqual([]);
    const ids = operations.map(({ op }) => op.operationId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(body.info.license).toEqual({ name: "TLDScope terms of service (API)", url: "https://tldscope.invalid/terms#api" });
  });

  it("documents the owner's portfolio, forecast, watches and notification calls for a read key (GET) or a write key (the rest)", async () => {
    const { body } = await getJson<{ paths: Record<string, Record<string, Operation>> }>(app(), "/api/openapi.json");
    const owned = operationsOf(body.paths).filter(({ key }) => / \/api\/(user-domains|notifications)/.test(key));
    expect(owned.map(({ key }) => key)).toEqual(expect.arrayContaining([
      "GET /api/user-domains", "POST /api/user-domains", "GET /api/user-domains/{id}", "PUT /api/user-domains/{id}", "DELETE /api/user-domains/{id}",
      "GET /api/user-domains/forecast", "GET /api/user-domains/summary", "POST /api/user-domains/import", "GET /api/notifications/watches",
      "POST /api/notifications/watches", "PATCH /api/notifications/watches/{id}", "DELETE /api/notifications/watches/{id}", "GET /api/notifications",
      "PUT /api/notifications/preferences", "POST /api/notifications/webhooks",
    ]));
    for (const { key, op } of owned) {
      const scope = key.startsWith("GET ") ? "read" : "write";
      expect(op.security, key).toEqual([{ apiKey: [scope] }, { session: [] }]);
    }
  });

  it("documents the endpoints with the limits the zod schemas enforce", async () => {
    const { body } = await getJson<{ paths: Record<string, { get: { parameters: { name: string; schema: Record<string, unknown> }[] } }> }>(app(), "/api/openapi.json");
    expect(Object.keys(body.paths).filter((p) => !/^\/api\/(user-domains|notifications|account|password-reset|admin\/users)\b/.test(p)).sort()).toEqual([
      "/api/admin/notification-deliveries", "/api/admin/settings", "/api/currencies", "/api/data-last-updated", "/api/domain-prices", "/api/domain-prices/common",
      "/api/domain-prices/tld/{id}", "/api/monitoring/settings", "/api/portfolio/transfer-plan", "/api/portfolio/transfer-plan.csv", "/api/portfolio/transfer-plan/{id}", "/api/registry-coverage", "/api/registry-operators", "/api/service-providers", "/api/service-providers/{id}", "/api/service-providers/{id}/domain-prices", "/api/tlds/{id}",
    ]);
    const prices = body.paths["/api/domain-prices"]!.get.parameters;
    expect(prices.map((p) => p.name).sort()).toEqual(["category", "currency", "limit", "offset", "page", "search", "sortBy", "sortOrder", "tld"]);
    for (const path of ["/api/domain-prices/tld/{id}", "/api/domain-prices/common", "/api/service-providers/{id}/domain-prices"]) {
      expect(body.paths[path]!.get.parameters.find((p) => p.name === "currency")!.schema, path).toMatchObject({ type: "string", pattern: "^[A-Z]{3}$" });
    }
    expect(prices.find((p) => p.name === "limit")!.schema).toMatchObject({ type: "integer", maximum: 100, minimum: 1 });
    expect(body.paths["/api/service-providers"]!.get.parameters.find((p) => p.name === "type")!.schema).toMatchObject({ enum: ["registrar", "reseller"] });
  });

  it("documents the admin General Settings with the session scheme and their choices", async () => {
    type Op = { security?: unknown[]; requestBody?: { content: { "application/json": { schema: { required: string[] } } } } };
    const { body } = await getJson<{ paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } }>(app(), "/api/openapi.json");
    expect(Object.keys(body.paths["/api/admin/settings"]!).sort()).toEqual(["get", "put"]);
    expect(body.paths["/api/admin/settings"]!.put!.security).toEqual([{ session: [] }]);
    expect(body.paths["/api/admin/settings"]!.put!.requestBody!.content["application/json"].schema.required.sort())
      .toEqual(["autoRefreshSeconds", "emailNotifications", "fetchFailureNotifications", "itemsPerPage", "systemHealthAlerts"]);
    expect(body.components.schemas.GeneralSettings!.properties.itemsPerPage).toMatchObject({ enum: [10, 20, 50, 100] });
  });

  it("documents the admin delivery failures with the session scheme and the page size limit", async () => {
    type Op = { security?: unknown[]; parameters: { name: string; schema: Record<string, unknown> }[]; responses: Record<string, unknown> };
    const { body } = await getJson<{ paths: Record<string, Record<string, Op>>; components: { schemas: Record<string, { properties: Record<string, unknown> }> } }>(app(), "/api/openapi.json");
    const op = body.paths["/api/admin/notification-deliveries"]!.get!;
    expect(op.security).toEqual([{ session: [] }]);
    expect(op.parameters.map((p) => p.name).sort()).toEqual(["page", "pageSize"]);
    expect(op.parameters.find((p) => p.name === "pageSize")!.schema).toMatchObject({ type: "integer", minimum: 1, maximum: 100 });
    expect(Object.keys(op.responses).sort()).toEqual(["200", "400", "401", "403"]);
    expect(Object.keys(body.components.schemas.DeliveryFailure!.properties)).toContain("channel");
  });

  it("documents the watched-TLD endpoints with the session scheme and the body limits the zod schemas enforce", async () => {
    type Op = { security?: unknown[]; requestBody?: { content: { "application/json": { schema: { properties: Record<string, Record<string, unknown>>; required: string[] } } } } };
    const { body } = await getJson<{ paths: Record<string, Record<string, Op>>; components: { securitySchemes: Record<string, unknown> } }>(app(), "/api/openapi.json");
    expect(Object.keys(body.paths["/api/notifications/watches"]!).sort()).toEqual(["get", "post"]);
    expect(Object.keys(body.paths["/api/notifications/watches/{id}"]!).sort()).toEqual(["delete", "patch"]);
    const add = body.paths["/api/notifications/watches"]!.post!;
    expect(add.security).toEqual([{ apiKey: ["write"] }, { session: [] }]);
    const schema = add.requestBody!.content["application/json"].schema;
    expect(schema.required.sort()).toEqual(["priceKind", "target", "tld"]);
    expect(schema.properties.priceKind).toMatchObject({ enum: ["registration", "renewal", "transfer"] });
    expect(schema.properties.tld).toMatchObject({ type: "string", maxLength: 80 });
    expect(body.components.securitySchemes.session).toMatchObject({ type: "apiKey", in: "cookie", name: "session" });
    // The API Access page lists the public endpoints only.
    const listed = await getJson<{ result: { data: { path: string }[] } }>(app(), "/trpc/apiDocs.endpoints");
    expect(listed.body.result.data.map((e) => e.path)).not.toContain("/api/notifications/watches");
  });

  it("documents the account, password reset and admin user routes, each with an operationId, behind the session where they need one", async () => {
    type Op = { operationId?: string; security?: unknown[]; requestBody?: { content: { "application/json": { schema: { properties: Record<string, Record<string, unknown>> } } } }; responses: Record<string, unknown> };
    const { body } = await getJson<{ paths: Record<string, Record<string, Op>> }>(app(), "/api/openapi.json");
    const ours = Object.entries(body.paths).filter(([p]) => /^\/api\/(account|password-reset|admin\/users)\b/.test(p));
    const ops = ours.flatMap(([path, item]) => Object.entries(item).map(([method, op]) => ({ route: `${method.toUpperCase()} ${path}`, ...op })));
    expect(ops.map((o) => o.route).sort()).toEqual([
      "DELETE /api/account/sessions/{id}", "GET /api/account", "GET /api/account/export", "GET /api/account/sessions", "GET /api/admin/users",
      "GET /api/admin/users/audit-log", "POST /api/account/delete", "POST /api/account/email", "POST /api/account/email/confirm", "POST /api/account/password",
      "POST /api/account/sessions/sign-out-others", "POST /api/account/two-factor/disable", "POST /api/account/two-factor/enable",
      "POST /api/account/two-factor/recovery-codes", "POST /api/account/two-factor/setup", "POST /api/admin/users/{id}/reset-link", "POST /api/admin/users/{id}/two-factor/reset", "POST /api/password-reset",
      "POST /api/password-reset/request", "PUT /api/account/time-zone", "PUT /api/admin/users/two-factor-policy", "PUT /api/admin/users/{id}/admin", "PUT /api/admin/users/{id}/disabled",
    ]);
    const ids = ops.map((o) => o.operationId);
    expect(ids.every((id) => typeof id === "string" && /^[a-z][A-Za-z]+$/.test(id))).toBe(true);
    expect(new Set(ids).size).toBe(ids.length);
    for (const o of ops.filter((o) => !/password-reset|email\/confirm/.test(o.route))) expect(o.security, o.route).toEqual([{ session: [] }]);
    for (const o of ops.filter((o) => o.route.includes("/admin/users"))) expect(Object.keys(o.responses), o.route).toEqual(expect.arrayContaining(["401", "403"]));
    expect(body.paths["/api/password-reset/request"]!.post!.responses).toHaveProperty("429");
    expect(body.paths["/api/account/password"]!.post!.requestBody!.content["application/json"].schema.properties.newPassword).toMatchObject({ type: "string", minLength: 8, maxLength: 200 });
    // None of them is listed among the public endpoints of the API Access page.
    const listed = await getJson<{ result: { data: { path: string }[] } }>(app(), "/trpc/apiDocs.endpoints");
    expect(listed.body.result.data.map((e) => e.path).filter((p) => p.startsWith("/api/account") || p.startsWith("/api/admin/users"))).toEqual([]);
  });

  it("documents every route mounted under /api, but for a short list of routes that are not API calls, each with its reason", async () => {
    // Routes the document leaves out on purpose: each pattern with why.
    const undocumented: [RegExp, string][] = [
      [/^(GET|POST) \/api\/(login|login\/two-factor|logout|register|setup|auth\/callback|auth\/user)$/, "the browser's sign-in, sign-up, sign-out and first-run doors: forms and redirects that set or clear the session cookie"],
      [/^GET \/api\/(password-reset|password-reset\/request|account\/email\/confirm)$/, "the pages a mailed link opens (the POSTs they send are documented)"],
      [/^(GET|POST) \/api\/notifications\/(confirm|unsubscribe|resubscribe)$/, "the pages and forms a mailed link opens, signed by the link's token"],
      [/^GET \/api\/calendar\/\{\}$/, "the calendar feed's secret address, read by calendar programs (its address is made by POST /api/user-domains/calendar-token)"],
      [/^GET \/api\/r\/(register|transfer)$/, "a browser redirect to a provider's site"],
      [/^GET \/api\/(openapi\.json|reference)$/, "the document itself and its reading page"],
      [/^GET \/api\/(health|ready)$/, "the process's liveness and readiness probes"],
      [/^(GET|POST|PUT|PATCH|DELETE) \/api\/admin\/(?!users\b|settings$|notification-deliveries$)/, "the operator's console, for an administrator's session only"],
      [/^(GET|POST|DELETE) \/api\/api-keys(\/\{\})?$/, "keys are listed, made and revoked in a signed-in session, never with a key"],
      [/^(GET|POST) \/api\/registrar-accounts(\/.*)?$/, "registrar credentials are handled in a signed-in session only; a key never reaches them"],
      [/^DELETE \/api\/registrar-accounts\/\{\}$/, "registrar credentials are handled in a signed-in session only; a key never reaches them"],
      [/^GET \/api\/(stats|status|site-settings|iana-registrars|service-providers\/directory|domain-prices\/tld\/\{\}\/history)$/, "data the site's own pages draw, shaped for them and free to change with them"],
      [/^POST \/api\/contact$/, "the site's contact form"],
    ];
    const route = (method: string, path: string) => `${method.toUpperCase()} ${path.replace(/\{[^}]+\}|:[A-Za-z]+/g, "{}")}`;
    const { body } = await getJson<{ paths: Record<string, Record<string, Operation>> }>(app(), "/api/openapi.json");
    const documented = new Set(operationsOf(body.paths).map(({ key }) => route(...(key.split(" ") as [string, string]))));
    // app.routes lists handlers and middleware (method ALL) alike; HEAD is answered by each GET.
    const mounted = [...new Set(app().routes.filter((r) => r.path.startsWith("/api/") && METHODS.includes(r.method.toLowerCase())).map((r) => route(r.method, r.path)))];
    expect(mounted.length).toBeGreaterThan(100);
    const excused = (key: string) => undocumented.some(([pattern]) => pattern.test(key));
    expect(mounted.filter((key) => !documented.has(key) && !excused(key)).sort()).toEqual([]);
    // Every excuse still stands for a mounted route, and none hides a documented one.
    for (const [pattern, reason] of undocumented) expect(mounted.some((key) => pattern.test(key) && !documented.has(key)), reason).toBe(true);
    expect([...documented].filter((key) => !mounted.includes(key))).toEqual([]);
  });

  it("documents the display object a currency adds to each quote", async () => {
    const { body } = await getJson<{ components: { schemas: Record<string, { required?: string[]; properties: Record<string, unknown> }> } }>(app(), "/api/openapi.json");
    expect(body.components.schemas.PriceDisplay!.required).toEqual(["currency", "registrationPrice", "renewalPrice", "transferPrice", "converted", "rateDate"]);
    expect(body.components.schemas.PriceQuote!.properties.display).toEqual({ oneOf: [{ $ref: "#/components/schemas/PriceDisplay" }, { type: "null" }] });
  });

  it("has a readable reference page linking the document and the keys page", async () => {
    const res = await app().request(`${TEST_ORIGIN}/api/reference`);
    expect(res.status).toBe(200);
    const text = await res.text();
    expect(text).toContain("<code>/api/domain-prices</code>");
    expect(text).toContain("<code>supports_tld</code>");
    expect(text).toContain('href="/api/openapi.json"');
    expect(text).toContain('href="/api-keys"');
    // The site's top bar, as on every page, with the way home.
    expect(text).toMatch(/<header class="site"><a class="brand" href="\/">TLDScope<\/a>/);
    // On a phone each parameter row becomes labelled lines: every cell names its column, and no
    // header or short value may break inside a word.
    expect(text).toContain('<td data-label="Parameter"><code>supports_tld</code></td><td data-label="In">query</td>');
    expect(text).toMatch(/@media \(max-width:40rem\)\{[^}]*table\.params td\{display:block\}|table\.params,table\.params tbody,table\.params tr,table\.params td\{display:block\}/);
    expect(text).toContain("th{white-space:nowrap}");
    expect(text).not.toMatch(/th,td\{[^}]*overflow-wrap:anywhere/);
  });
});
