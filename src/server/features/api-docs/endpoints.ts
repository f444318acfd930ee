/** The documented endpoints as the API Access page lists them, read from the OpenAPI document so the two cannot differ. */
import { buildOpenApiDocument } from "./openapi.ts";

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
  const { paths } = buildOpenApiDocument("");
  return Object.entries(paths).map(([path, item]) => ({
    method: "GET",
    path,
    summary: item.get.summary,
    description: item.get.description,
    parameters: (item.get.parameters as Array<{ name: string }>).map((p) => p.name),
  }));
}
