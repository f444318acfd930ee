/**
 * /sitemap.xml and /robots.txt: every public page a search engine should read, with absolute
 * URLs on the site's public origin (APP_URL; the request's own only outside production, where
 * APP_URL is required): the fixed pages, every
 * catalogue name's TLD page and every registrar's page.
 */
import { Hono } from "hono";
import { listServiceProviders } from "../../../../db/repositories/service-provider-repository.ts";
import { listTldNames } from "../../../../db/repositories/tld-repository.ts";
import type { AppEnv } from "../../lib/hono-env.ts";

const FIXED_PAGES = [
  "/", "/tlds", "/registrars", "/service-providers", "/registry-operators", "/registry-coverage", "/icann-accredited-registrars",
  "/help", "/documentation", "/api-access", "/status", "/contact", "/privacy", "/terms", "/cookies",
];

const escapeXml = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

const ROBOTS = `# Public pages are open to crawlers; the API, sign-in and signed-in areas are not.
User-agent: *
Disallow: /api/
Disallow: /trpc/
Disallow: /portfolio
Disallow: /accounts
Disallow: /api-keys
Disallow: /admin
Disallow: /setup
`;

export const sitemapRest = new Hono<AppEnv>()
  .get("/sitemap.xml", async (c) => {
    const { db, origin } = c.var.ctx;
    const [names, providers] = await Promise.all([listTldNames(db), listServiceProviders(db)]);
    const paths = [
      ...FIXED_PAGES,
      ...names.map((name) => `/tld/${encodeURIComponent(name)}`),
      ...providers.map((provider) => `/registrar/${provider.id}`),
    ];
    const urls = paths.map((path) => `<url><loc>${escapeXml(origin + path)}</loc></url>`).join("\n");
    c.header("Cache-Control", "public, max-age=3600");
    c.header("Content-Type", "application/xml; charset=utf-8");
    return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`);
  })
  .get("/robots.txt", (c) => {
    c.header("Cache-Control", "public, max-age=3600");
    return c.text(`${ROBOTS}\nSitemap: ${c.var.ctx.origin}/sitemap.xml\n`);
  });
