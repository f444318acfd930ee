import { expect, it } from "vitest";
import { openDb } from "../../../../db/client.ts";
import { createTestApp, getJson } from "../../testing/test-app.ts";

// The list does not read the database; an unmigrated in-memory one serves the app.
const app = () => createTestApp(openDb({ sqlitePath: ":memory:" }));

type Doc = { paths: Record<string, { get: { summary: string; description: string; parameters: { name: string }[]; security?: unknown } }> };
type Endpoint = { method: string; path: string; summary: string; description: string; parameters: string[] };

it("apiDocs.endpoints lists exactly the OpenAPI document's paths, with their descriptions and parameters", async () => {
  const doc = (await getJson<Doc>(app(), "/api/openapi.json")).body;
  const { status, body } = await getJson<{ result: { data: Endpoint[] } }>(app(), "/trpc/apiDocs.endpoints");
  expect(status).toBe(200);
  // Every public GET; a signed-in user's own settings (session security) are not listed.
  const publicPaths = Object.entries(doc.paths).filter(([, item]) => item.get && !("security" in item.get));
  expect(body.result.data).toEqual(publicPaths.map(([path, { get }]) => ({
    method: "GET", path, summary: get.summary, description: get.description, parameters: get.parameters.map((p) => p.name),
  })));
  expect(body.result.data.map((e) => e.path)).toContain("/api/currencies");
});
