/**
 * The TypeScript types of the OpenAPI document (openapi-typescript), which the generated client's
 * test (features/api-docs/generated-client.test.ts) types its openapi-fetch client with.
 * `npm run api:types` writes them to openapi-types.gen.ts; a test fails when that file no longer
 * matches the document.
 */
import { fileURLToPath } from "node:url";
import openapiTS, { astToString } from "openapi-typescript";
import { buildOpenApiDocument } from "../features/api-docs/openapi.ts";

export const API_TYPES_FILE = fileURLToPath(new URL("./openapi-types.gen.ts", import.meta.url));

const HEADER = "// Generated from /api/openapi.json by `npm run api:types` (openapi-typescript). Do not edit.\n\n";

export async function renderApiTypes(): Promise<string> {
  // The server's address plays no part in the types.
  const ast = await openapiTS(buildOpenApiDocument("https://tldscope.invalid") as unknown as Parameters<typeof openapiTS>[0]);
  return HEADER + astToString(ast);
}
