/**
 * The documented public endpoints as the API Access page lists them, read from the OpenAPI
 * document so the two cannot differ (a signed-in user's own settings, documented with the
 * session security scheme, are not among them).
 */
import { buildOpenApiDocument, publicGets } from "./openapi.ts";

export interface DocumentedEndpoint {
  method: "GET";
  path: string;
  summary: string;
  description: string;
  /** Parameter names, path parameters first, as the document lists them. */
  parameters: string[];
}

export function documentedEndpoints(): DocumentedEndpoint[] {
  // The server URL plays no part in the paths or their parameters.
  const doc = buildOpenApiDocument("");
  return publicGets(doc).map(([path, op]) => ({
    method: "GET",
    path,
    summary: op.summary,
    description: op.description,
    parameters: (op.parameters as Array<{ name: string }>).map((p) => p.name),
  }));
}
