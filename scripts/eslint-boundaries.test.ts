/**
 * The import rules and React hooks rules of eslint.config.js, each proved on a few lines of code
 * placed where the rule forbids them (and where it allows them), so a rule cannot silently stop
 * matching.
 * Type-aware rules are off here: these files exist only in memory.
 */
import { ESLint } from "eslint";
import tseslint from "typescript-eslint";
import { describe, expect, it } from "vitest";

const root = new URL("..", import.meta.url).pathname;
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ["**/*.{ts,tsx}"], ...tseslint.configs.disableTypeChecked }],
});

async function importProblems(path: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
  return result!.messages
    .filter((m) => m.ruleId === "boundaries/dependencies" || m.ruleId === "no-restricted-imports" || m.fatal)
    .map((m) => `${m.ruleId}: ${m.message}`);
}

describe("import boundaries", () => {
  it("src/shared imports only its packages and other shared files", async () => {
    expect(await importProblems("src/shared/fixture.ts", 'import { logger } from "../server/lib/logger.ts";\nexport const l = logger;'))
      .toEqual(["boundaries/dependencies: src/shared imports only other shared files."]);
    const [hono] = await importProblems("src/shared/fixture.ts", 'import { Hono } from "hono";\nexport const h = Hono;');
    expect(hono).toMatch(/^no-restricted-imports: 'hono' import is restricted.*src\/shared imports only zod/);
    expect(await importProblems("src/shared/fixture.ts",
      'import { z } from "zod";\nimport punycode from "punycode/punycode.js";\nimport { Cron } from "croner";\nimport { parseCron } from "./cron.ts";\nexport const x = [z, punycode, Cron, parseCron];'))
      .toEqual([]);
  });

  it("jobs/ imports nothing of src/ (db/ is allowed)", async () => {
    expect(await importProblems("jobs/fixture.ts", 'import { parseCron } from "../src/shared/cron.ts";\nexport const p = parseCron;'))
      .toEqual(["boundaries/dependencies: jobs/ is the queue mechanism only: it imports nothing of src/."]);
    expect(await importProblems("jobs/fixture.ts", 'import { openDb } from "../db/client.ts";\nexport const o = openDb;')).toEqual([]);
  });

  it("src/client imports server code only as `import type`", async () => {
    expect(await importProblems("src/client/fixture.ts", 'import { loadConfig } from "../server/config.ts";\nexport const c = loadConfig;'))
      .toEqual(["boundaries/dependencies: src/client imports server code only as `import type`."]);
    expect(await importProblems("src/client/fixture.ts", 'import { openDb } from "../../db/client.ts";\nexport const o = openDb;'))
      .toEqual(["boundaries/dependencies: src/client imports server code only as `import type`."]);
    expect(await importProblems("src/client/fixture.ts", 'import type { AppRouter } from "../server/trpc/root.ts";\nexport type R = AppRouter;')).toEqual([]);
  });

  it("server code imports client code only through the render entry", async () => {
    expect(await importProblems("src/server/lib/fixture.ts", 'import { trpc } from "../../client/lib/trpc.ts";\nexport const t = trpc;'))
      .toEqual(["boundaries/dependencies: Server code imports client code only through the render entry, src/client/entry-server.tsx."]);
    expect(await importProblems("src/server/features/portfolio/fixture.ts", 'import { trpc } from "../../../client/lib/trpc.ts";\nexport const t = trpc;'))
      .toHaveLength(1);
    expect(await importProblems("src/server/lib/fixture.ts", 'import type { RenderRequest } from "../../client/entry-server.tsx";\nexport type R = RenderRequest;')).toEqual([]);
  });

  it("db/ never imports src/server or src/client, except the seed reading the price and rate formats", async () => {
    const dbRule = "boundaries/dependencies: db/ never imports src/server or src/client (the seed may read the price and rate formats of src/server/integrations).";
    expect(await importProblems("db/repositories/fixture.ts", 'import { loadConfig } from "../../src/server/config.ts";\nexport const c = loadConfig;')).toEqual([dbRule]);
    expect(await importProblems("db/seed/fixture.ts", 'import { loadConfig } from "../../src/server/config.ts";\nexport const c = loadConfig;')).toEqual([dbRule]);
    expect(await importProblems("db/fixture.ts", 'import { trpc } from "../src/client/lib/trpc.ts";\nexport const t = trpc;')).toEqual([dbRule]);
    expect(await importProblems("db/seed/fixture.ts",
      'import { loadAllPriceSnapshots } from "../../src/server/integrations/prices/prices.ts";\nimport { parseEcbHistoryCsv } from "../../src/server/integrations/rates/ecb-history.ts";\nexport const x = [loadAllPriceSnapshots, parseEcbHistoryCsv];'))
      .toEqual([]);
    expect(await importProblems("db/repositories/fixture.ts", 'import { loadAllPriceSnapshots } from "../../src/server/integrations/prices/prices.ts";\nexport const x = loadAllPriceSnapshots;'))
      .toEqual([dbRule]);
  });

  it("a server feature never imports another feature", async () => {
    expect(await importProblems("src/server/features/portfolio/fixture.ts", 'import * as accounts from "../accounts/service.ts";\nexport const a = accounts;'))
      .toEqual(["boundaries/dependencies: A server feature never imports another feature."]);
    expect(await importProblems("src/server/features/portfolio/fixture.ts", 'import * as own from "./service.ts";\nimport * as errors from "../../lib/errors.ts";\nexport const x = [own, errors];'))
      .toEqual([]);
  });

  it("src/server never imports db/seed, except main.ts seeding on start; the bundled data files are not code", async () => {
    const seedRule = "boundaries/dependencies: src/server never imports db/seed (the seed imports src/server/integrations/prices, never the reverse); only main.ts (through boot-data.ts) seeds on start.";
    expect(await importProblems("src/server/features/price-engine/fixture.ts", 'import { applySnapshots } from "../../../../db/seed/price-import.ts";\nexport const a = applySnapshots;'))
      .toEqual([seedRule]);
    expect(await importProblems("src/server/integrations/prices/fixture.ts", 'import { PROVIDERS } from "../../../../db/seed/providers.ts";\nexport const p = PROVIDERS;'))
      .toEqual([seedRule]);
    expect(await importProblems("src/server/lib/fixture.ts", 'import { seedIfNeeded } from "../../../db/seed/seed.ts";\nexport const s = seedIfNeeded;'))
      .toEqual([seedRule]);
    expect(await importProblems("src/server/main.ts", 'import { seedIfNeeded } from "../../db/seed/seed.ts";\nexport const s = seedIfNeeded;')).toEqual([]);
    expect(await importProblems("src/server/features/price-engine/fixture.test.ts", 'import { PROVIDERS } from "../../../../db/seed/providers.ts";\nexport const p = PROVIDERS;')).toEqual([]);
    expect(await importProblems("src/server/integrations/rdap/fixture.ts", 'import services from "../../../../db/seed/data/iana/rdap-dns-services.json";\nexport const s = services;')).toEqual([]);
    expect(await importProblems("db/seed/fixture.ts", 'import { normaliseQuote } from "../../src/server/integrations/prices/quote-normalise.ts";\nexport const n = normaliseQuote;')).toEqual([]);
  });

  it("src/server/lib imports nothing of render, domain or a feature; src/server/domain neither a feature nor render", async () => {
    const libRule = "boundaries/dependencies: src/server/lib is plumbing: it imports nothing of src/server/render, src/server/domain or a feature.";
    const domainRule = "boundaries/dependencies: src/server/domain imports neither a feature nor the render pool.";
    expect(await importProblems("src/server/lib/fixture.ts", 'import { pageCacheKey } from "../render/page-cache.ts";\nexport const p = pageCacheKey;')).toEqual([libRule]);
    expect(await importProblems("src/server/lib/fixture.ts", 'import { invalidatePriceCache } from "../domain/price-cache.ts";\nexport const i = invalidatePriceCache;')).toEqual([libRule]);
    expect(await importProblems("src/server/lib/fixture.ts", 'import * as prices from "../features/prices/service.ts";\nexport const p = prices;')).toEqual([libRule]);
    expect(await importProblems("src/server/domain/fixture.ts", 'import * as portfolio from "../features/portfolio/service.ts";\nexport const p = portfolio;')).toEqual([domainRule]);
    expect(await importProblems("src/server/domain/fixture.ts", 'import { configurePageRenderer } from "../render/server-render.ts";\nexport const c = configurePageRenderer;')).toEqual([domainRule]);
    // What each may use: domain and render build on lib; features and render use domain.
    expect(await importProblems("src/server/domain/fixture.ts", 'import { notFound } from "../lib/errors.ts";\nimport { JsonCache } from "../lib/json-cache.ts";\nexport const x = [notFound, JsonCache];')).toEqual([]);
    expect(await importProblems("src/server/render/fixture.ts", 'import { envelopeOf } from "../lib/trpc-cached-get.ts";\nimport { tldByKey } from "../domain/tld-catalogue.ts";\nexport const x = [envelopeOf, tldByKey];')).toEqual([]);
    expect(await importProblems("src/server/features/prices/fixture.ts", 'import { invalidatePriceCache } from "../../domain/price-cache.ts";\nexport const i = invalidatePriceCache;')).toEqual([]);
    expect(await importProblems("src/server/lib/fixture.test.ts", 'import { invalidatePriceCache } from "../domain/price-cache.ts";\nexport const i = invalidatePriceCache;')).toEqual([]);
  });

  it("a client feature never imports another feature; components are shared", async () => {
    const featureRule = "boundaries/dependencies: A client feature never imports another feature: what two features share goes to src/client/components or src/client/lib.";
    expect(await importProblems("src/client/features/notifications/fixture.tsx", 'import { TopBar } from "../shell/top-bar.tsx";\nexport const t = TopBar;'))
      .toEqual([featureRule]);
    expect(await importProblems("src/client/features/notifications/fixture.tsx",
      'import { CurrencySelect } from "../../components/currency-select.tsx";\nimport { ReminderPreferences } from "./reminder-preferences.tsx";\nexport const x = [CurrencySelect, ReminderPreferences];'))
      .toEqual([]);
    expect(await importProblems("src/client/routes/fixture.tsx", 'import { TopBar } from "../features/shell/top-bar.tsx";\nexport const t = TopBar;')).toEqual([]);
    expect(await importProblems("src/client/features/accounts/fixture.test.tsx", 'import { clearToasts } from "../portfolio/portfolio-test-support.ts";\nexport const c = clearToasts;')).toEqual([]);
  });
});

describe("one door to the network", () => {
  const NETWORK_RULES = new Set(["@typescript-eslint/no-restricted-imports", "no-restricted-globals", "no-restricted-syntax"]);
  async function networkProblems(path: string, code: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: `${root}${path}` });
    return result!.messages.filter((m) => m.fatal || NETWORK_RULES.has(m.ruleId ?? "")).map((m) => `${m.ruleId}: ${m.message}`);
  }
  const opening = [
    'import { connect } from "node:net";\nexport const c = connect;',
    'import { Socket } from "node:net";\nexport const s = new Socket();',
    'import net from "node:net";\nexport const n = net;',
    'import * as net from "net";\nexport const n = net;',
    'import { connect } from "node:tls";\nexport const c = connect;',
    'import { Resolver } from "node:dns/promises";\nexport const r = new Resolver();',
    'import { lookup } from "node:dns";\nexport const l = lookup;',
    'import https from "node:https";\nexport const h = https;',
    'import { request } from "node:http";\nexport const r = request;',
    'export const get = () => fetch("https://example.com/");',
    'export const get = () => globalThis.fetch("https://example.com/");',
  ];

  it("refuses a socket, TLS, DNS, an HTTP client or fetch anywhere in the server, db/ and jobs/ outside integrations/net", async () => {
    for (const path of ["src/server/integrations/whois/fixture.ts", "src/server/features/portfolio/fixture.ts", "src/server/lib/fixture.ts", "db/fixture.ts", "jobs/fixture.ts"]) {
      for (const code of opening) {
        const problems = await networkProblems(path, code);
        expect(problems, `${path}: ${code}`).toHaveLength(1);
        expect(problems[0], code).toContain("Outgoing connections go through src/server/integrations/net");
      }
    }
  });

  it("lets integrations/net open them, and everyone import their types and harmless helpers; tests, test fixtures and scripts are free", async () => {
    for (const code of opening) {
      expect(await networkProblems("src/server/integrations/net/fixture.ts", code), code).toEqual([]);
      expect(await networkProblems("src/server/integrations/whois/fixture.test.ts", code), code).toEqual([]);
      expect(await networkProblems("src/server/integrations/whois/testing/fixture.ts", code), code).toEqual([]);
      expect(await networkProblems("scripts/fixture.ts", code), code).toEqual([]);
    }
    expect(await networkProblems("src/server/lib/fixture.ts",
      'import { BlockList, isIP } from "node:net";\nimport { createSecureContext, rootCertificates } from "node:tls";\nimport type { Server, ServerResponse } from "node:http";\n'
        + "export const x = [BlockList, isIP, createSecureContext, rootCertificates];\nexport type S = [Server, ServerResponse];\n"
        + "export const call = (fetch: (url: string) => Promise<unknown>) => fetch(\"/api/health\");")).toEqual([]);
  });
});

describe("React hooks rules in src/client", () => {
  it("refuses a hook called conditionally and an effect missing a dependency", async () => {
    const [result] = await eslint.lintText(
      'import { useEffect, useState } from "react";\nexport function Box({ on, id }: { on: boolean; id: string }) {\n  if (on) useState(0);\n  useEffect(() => { console.log(id); }, []);\n  return null;\n}\n',
      { filePath: `${root}src/client/components/fixture.tsx` },
    );
    expect(result!.messages.map((m) => m.ruleId)).toEqual(["react-hooks/rules-of-hooks", "react-hooks/exhaustive-deps"]);
  });
});
