import { Hono } from "hono";
import { publicJsonResponse } from "../../lib/cached-json-response.ts";
import type { AppEnv } from "../../lib/hono-env.ts";
import { buildOpenApiDocument } from "./openapi.ts";
import { renderReferencePage } from "./reference-page.ts";

export const apiDocsRest = new Hono<AppEnv>()
  .get("/openapi.json", (c) => publicJsonResponse(c, buildOpenApiDocument(c.var.ctx.origin)))
  .get("/reference", (c) => {
    c.header("Cache-Control", "public, max-age=300");
    return c.html(renderReferencePage(buildOpenApiDocument(c.var.ctx.origin)));
  });
