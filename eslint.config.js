// npm run lint: ESLint (this file) and then tsc --noEmit.
// - typescript-eslint's type-checked recommended rules, with the few listed below turned off;
// - React's rules of hooks in src/client;
// - the layout's import rules (boundaries plugin + no-restricted-imports), each proved
//   by a fixture in scripts/eslint-boundaries.test.ts so a rule cannot silently stop matching.
import js from "@eslint/js";
import boundaries from "eslint-plugin-boundaries";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The only packages src/shared may import (vitest and fast-check for its tests). */
const SHARED_PACKAGES = ["zod", "punycode", "punycode/punycode.js", "croner", "vitest", "fast-check"];

/**
 * One door to the network: only src/server/integrations/net opens outgoing connections (sockets,
 * TLS, DNS resolvers, HTTP clients), each after its network policy's check. Elsewhere in the
 * server, db/ and jobs/ these modules may be imported for types and their harmless helpers only
 * (node:net's isIP and BlockList, node:tls's secure contexts and root certificates). Excepted:
 * tests, test fixtures, scripts and e2e (they run fakes and drive the server); the server's own
 * listener (@hono/node-server) and SMTP (nodemailer, to the operator's SMTP_URL) open their
 * sockets inside their packages.
 */
const NETWORK_DOOR = "Outgoing connections go through src/server/integrations/net (its HTTP exchange, checked connect and DNS resolver), which checks the network policy first.";
const networkModules = (names, rule) => names.flatMap((name) => [`node:${name}`, name].map((path) => ({ name: path, ...rule, message: NETWORK_DOOR })));

/** Server code outside the features: plumbing (lib), the render pool (render), shared domain code (domain), the rest. */
const SERVER_CODE = ["server-lib", "server-render", "server-domain", "server"];

export default tseslint.config(
  { ignores: ["dist/**", "node_modules/**", "test-results/**", "db/migrations/**", "src/client/route-tree.gen.ts", "src/server/testing/openapi-types.gen.ts", "**/*.d.ts"] },
  {
    files: ["**/*.{ts,tsx}"],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      "@typescript-eslint/no-floating-promises": "error",
      "@typescript-eslint/no-misused-promises": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" }],
      // Off: async functions without an await are how this code meets a Promise-returning
      // contract (queue handlers, msw resolvers, adapters); the rule found no bug, only those.
      "@typescript-eslint/require-await": "off",
      // An abort reason or a callback's error is passed on as it came (typed any/unknown).
      "@typescript-eslint/prefer-promise-reject-errors": ["error", { allowThrowingAny: true, allowThrowingUnknown: true }],
    },
  },
  {
    // Tests read untyped JSON bodies (`await res.json()`) and assert on their shape, so the
    // no-unsafe-* rules would only ask for casts there; vitest's `useMsw()` set-up helper is
    // not a React hook.
    files: ["**/*.test.{ts,tsx}", "**/testing/**/*.{ts,tsx}", "e2e/**/*.ts", "scripts/**/*.ts"],
    rules: {
      "@typescript-eslint/no-unsafe-assignment": "off",
      "@typescript-eslint/no-unsafe-member-access": "off",
      "@typescript-eslint/no-unsafe-return": "off",
      "@typescript-eslint/no-unsafe-call": "off",
      "@typescript-eslint/no-unsafe-argument": "off",
      "@typescript-eslint/no-explicit-any": "off",
    },
  },
  {
    files: ["**/*.{js,mjs}"],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    files: ["src/client/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      "react-hooks/rules-of-hooks": "error",
      "react-hooks/exhaustive-deps": "error",
    },
  },
  {
    files: ["src/client/**/*.test.{ts,tsx}"],
    rules: { "react-hooks/rules-of-hooks": "off" },
  },
  {
    files: ["src/shared/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", {
        patterns: [{
          regex: `^(?!\\.{1,2}/|(${SHARED_PACKAGES.map((p) => p.replace(/[./]/g, "\\$&")).join("|")})$)`,
          message: `src/shared imports only ${SHARED_PACKAGES.join(", ")} and other shared files.`,
        }],
      }],
    },
  },
  {
    files: ["src/server/**/*.ts", "db/**/*.ts", "jobs/**/*.ts"],
    ignores: ["src/server/integrations/net/**", "**/*.test.ts", "**/testing/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": ["error", {
        paths: [
          ...networkModules(["net"], { importNames: ["connect", "createConnection", "Socket", "Stream", "createServer", "Server", "default"] }),
          ...networkModules(["tls"], { importNames: ["connect", "TLSSocket", "createServer", "Server", "default"] }),
          ...networkModules(["dns", "dns/promises", "http", "https", "http2"], { allowTypeImports: true }),
          { name: "undici", message: NETWORK_DOOR, allowTypeImports: true },
        ],
      }],
      "no-restricted-globals": ["error", { name: "fetch", message: NETWORK_DOOR }, { name: "WebSocket", message: NETWORK_DOOR }],
      "no-restricted-syntax": ["error", {
        selector: "MemberExpression[object.name=/^(globalThis|global|window|self)$/][property.name=/^(fetch|WebSocket)$/]",
        message: NETWORK_DOOR,
      }],
    },
  },
  {
    files: ["src/**/*.{ts,tsx}", "db/**/*.ts", "jobs/**/*.ts"],
    plugins: { boundaries },
    settings: {
      "boundaries/include": ["src/**/*", "db/**/*", "jobs/**/*"],
      "boundaries/elements": [
        { type: "shared", pattern: "src/shared/**", partialMatch: false },
        { type: "client-feature", pattern: "src/client/features/*/**", partialMatch: false, capture: ["feature"] },
        { type: "client", pattern: "src/client/**", partialMatch: false },
        { type: "price-format", pattern: "src/server/integrations/{prices,rates}/**", partialMatch: false },
        { type: "server-feature", pattern: "src/server/features/*/**", partialMatch: false, capture: ["feature"] },
        { type: "server-lib", pattern: "src/server/lib/**", partialMatch: false },
        { type: "server-render", pattern: "src/server/render/**", partialMatch: false },
        { type: "server-domain", pattern: "src/server/domain/**", partialMatch: false },
        { type: "server", pattern: "src/server/**", partialMatch: false },
        // The bundled reference files (JSON, CSV) are data, read by the seed and the server alike.
        { type: "seed-data", pattern: "db/seed/data/**", partialMatch: false },
        { type: "db-seed", pattern: "db/seed/**", partialMatch: false },
        { type: "db", pattern: "db/**", partialMatch: false },
        { type: "jobs", pattern: "jobs/**", partialMatch: false },
      ],
    },
    rules: {
      "boundaries/dependencies": ["error", {
        default: "allow",
        policies: [
          {
            from: { element: { type: "shared" } },
            disallow: { to: { element: { type: "!shared" } } },
            message: "src/shared imports only other shared files.",
          },
          {
            from: { element: { type: "jobs" } },
            disallow: { to: { element: { types: { anyOf: ["shared", "client", "client-feature", "price-format", "server-feature", ...SERVER_CODE] } } } },
            message: "jobs/ is the queue mechanism only: it imports nothing of src/.",
          },
          {
            from: { element: { types: { anyOf: ["client", "client-feature"] } } },
            disallow: { to: { element: { types: { anyOf: [...SERVER_CODE, "server-feature", "price-format", "db", "db-seed", "jobs"] } } }, dependency: { kind: "value" } },
            message: "src/client imports server code only as `import type`.",
          },
          {
            from: { element: { types: { anyOf: [...SERVER_CODE, "server-feature", "price-format"] } } },
            disallow: { to: { element: { types: { anyOf: ["client", "client-feature"] } } } },
            message: "Server code imports client code only through the render entry, src/client/entry-server.tsx.",
          },
          {
            from: { element: { types: { anyOf: [...SERVER_CODE, "server-feature", "price-format"] } } },
            allow: { to: { element: { type: "client" }, file: { path: "src/client/entry-server.tsx" } } },
          },
          {
            from: { element: { types: { anyOf: ["db", "db-seed"] } }, file: { path: "!**/*.test.ts" } },
            disallow: { to: { element: { types: { anyOf: [...SERVER_CODE, "server-feature", "price-format", "client", "client-feature"] } } } },
            message: "db/ never imports src/server or src/client (the seed may read the price and rate formats of src/server/integrations).",
          },
          {
            from: { element: { type: "db-seed" } },
            allow: { to: { element: { type: "price-format" } } },
          },
          {
            from: { element: { type: "server-feature" } },
            disallow: { to: { element: { type: "server-feature", captured: { feature: "!{{ from.element.captured.feature }}" } } } },
            message: "A server feature never imports another feature.",
          },
          {
            // Tests excepted: a feature's test may use another feature's test fixtures.
            from: { element: { type: "client-feature" }, file: { path: "!**/*.test.{ts,tsx}" } },
            disallow: { to: { element: { type: "client-feature", captured: { feature: "!{{ from.element.captured.feature }}" } } } },
            message: "A client feature never imports another feature: what two features share goes to src/client/components or src/client/lib.",
          },
          {
            // src/server/lib is plumbing (HTTP, crypto, logging, errors, answer caches): the
            // render pool and the domain code shared by features build on it, never the reverse.
            from: { element: { type: "server-lib" }, file: { path: "!**/*.test.ts" } },
            disallow: { to: { element: { types: { anyOf: ["server-render", "server-domain", "server-feature"] } } } },
            message: "src/server/lib is plumbing: it imports nothing of src/server/render, src/server/domain or a feature.",
          },
          {
            // Shared domain code is what features have in common; pages are rendered from their answers.
            from: { element: { type: "server-domain" }, file: { path: "!**/*.test.ts" } },
            disallow: { to: { element: { types: { anyOf: ["server-render", "server-feature"] } } } },
            message: "src/server/domain imports neither a feature nor the render pool.",
          },
          {
            // The seed consumes the price formats of src/server/integrations; were the server to
            // import the seed back, the two folders would form a loop.
            from: { element: { types: { anyOf: [...SERVER_CODE, "server-feature", "price-format"] } }, file: { path: "!**/*.test.ts" } },
            disallow: { to: { element: { type: "db-seed" } } },
            message: "src/server never imports db/seed (the seed imports src/server/integrations/prices, never the reverse); only main.ts (through boot-data.ts) seeds on start.",
          },
          {
            // boot-data.ts runs main.ts's seeding, on SQLite in a thread of its own.
            from: { element: { type: "server" }, file: { path: ["src/server/main.ts", "src/server/boot-data.ts"] } },
            allow: { to: { element: { type: "db-seed" } } },
          },
        ],
      }],
    },
  },
);
