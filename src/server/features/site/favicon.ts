/**
 * /favicon.ico, which browsers and feed readers ask for whatever a page's <link rel="icon"> says:
 * the site's "T" tile (the same as the pages' SVG icon), 32 × 32, as an ICO holding one PNG.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../lib/hono-env.ts";

const FAVICON = Buffer.from(
  "AAABAAEAICAAAAEAIACcAQAAFgAAAIlQTkcNChoKAAAADUlIRFIAAAAgAAAAIAgGAAAAc3p69AAAAVFJREFUeJzsl71KA0EUhc+dHcVGUFEEGwkkjYVoF3wA7SSdlUWyYJXC3t5nEGFFUAvBQjvRB9DSShECoohi4g+CQeMme51ZUBJspgh7CexXDJczA+ewM7PM1Wgj6z8vE6ICmPIgTKCbMB5AfM5Qh5VgdOdXJjtk/LdJj8NNIppHAjDzSYv6Vm6C4VtlBQ/hXlLmFuulOdyN61yxWoSiLUgQcUkxYQlCWG9tTsEMpDDemkDjEMJ6KwgjHkC7LJrOaBysDcGV+hdjtvzitLY3vkDtPcL26WeHtpgfwMhg/CPF9X0LZ1fff3ONEM44BXh8jbC+X+/Q5qb6TQAvri/vmv/mXUlvQRogDZAGEA9AOb/GECTdAvkADH6CENZbmfECUhhv0xeoDQhhveMnTbZUPTbt0gISxNz9o0owVogPYTNSq2Y/GkgM/gCpsq2oXZZoz38AAAD//4g7SNAAAAAGSURBVAMADgVrhDyqK+MAAAAASUVORK5CYII=",
  "base64",
);

export const faviconRest = new Hono<AppEnv>().get("/favicon.ico", (c) => {
  c.header("Content-Type", "image/x-icon");
  c.header("Cache-Control", "public, max-age=86400");
  return c.body(new Uint8Array(FAVICON));
});
