import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { renderChakraGlobalCss } from "./src/client/components/ui/static-global-css.ts";
import { COLOR_MODE_SCRIPT } from "./src/shared/color-mode-script.ts";

/**
 * Chakra/Ark component wrappers the pages share. Zag's state machines (overlays, accordion,
 * presence, focus-visible) and the chart wrapper (lazy price-history chart) are used by no
 * public page's first render, so they stay in the chunks of the code that needs them.
 */
const isLazyUiModule = (id: string) =>
  /node_modules[\\/](@chakra-ui|@ark-ui)[\\/]/.test(id) &&
  !/[\\/]@chakra-ui[\\/]charts[\\/]/.test(id) &&
  !/(dialog|drawer|toast|switch|tabs|tooltip|popover|menu|select|focus-trap|dismissable|interact-outside|popper|floating-ui|aria-hidden|remove-scroll|accordion|collapsible|presence|portal|render-strategy)/.test(id);

/**
 * App code used by several pages, minus what only some pages need: domain validation, zod
 * schemas, the signed-in features, the dialogs (whose focus-trap and dismiss machinery they
 * would bring into every page's first load) and the form kit (which brings TanStack Form).
 */
const isSharedAppModule = (id: string) =>
  /src[\\/](client|shared)[\\/]/.test(id) &&
  !/(domain-actions|domain-name|schemas|features[\\/](admin|portfolio)|app-dialog|confirm-dialog|components[\\/]form[\\/])/.test(id);

/**
 * The price list's table, filters and pager: / and /tlds show them, the other pages do not, so
 * they are a chunk of their own instead of part of the shared chunk every page loads.
 */
const isPriceListModule = (id: string) =>
  /src[\\/]client[\\/](features[\\/]prices[\\/]|components[\\/](numbered-pager|debounced-search-input)\.tsx)/.test(id);

/**
 * Shared by some pages' chunks but in no public page's first render: the price history (drawn
 * once a visitor scrolls near it), the signed-in pages' guard and form helpers, the shown-once
 * secret, the legal pages and the directories' pager. Outside the shared chunk, which every page
 * loads, they go in chunks of their own that only the pages using them fetch.
 */
const isLaterModule = (id: string) =>
  /src[\\/]client[\\/](components[\\/](price-history[\\/]|secret-shown-once|list-pager)|lib[\\/](require-auth|http-error|form-errors)|features[\\/]legal[\\/])/.test(id);

/**
 * `import "virtual:chakra-global.css"` (main.tsx): Chakra's global styles rendered at build time
 * (see static-global-css.ts), which Vite then ships as a cached, precompressed CSS file.
 */
const chakraGlobalCss = (): Plugin => {
  const id = "virtual:chakra-global.css";
  return {
    name: "chakra-global-css",
    resolveId: (source) => (source === id ? `\0${id}` : undefined),
    load: (resolved) => (resolved === `\0${id}` ? renderChakraGlobalCss() : undefined),
  };
};

/**
 * Chakra's createSystem renders the reset, global CSS and every token's CSS variable into style
 * objects at once (about a fifth of the app's start-up script time on a throttled phone), only
 * for the provider to inject them. The app ships them as a built stylesheet instead
 * (chakraGlobalCss) and gives the provider an empty `_global`, so they are made lazily here: on
 * first read of `system._global`, which the app never does. Fails the build if Chakra changes.
 */
const lazyChakraGlobals = (): Plugin => {
  const eager = "const _global = [getPreflightCss(), getGlobalCss(), getTokenCss()];";
  let applied = false;
  return {
    name: "lazy-chakra-globals",
    // Both builds: the server render's bundle holds Chakra too.
    apply: (_config, env) => env.command === "build",
    transform(code, id) {
      if (!/@chakra-ui[\\/]react[\\/]dist[\\/]esm[\\/]styled-system[\\/]system\.js$/.test(id)) return undefined;
      if (!code.includes(eager) || !code.includes("    _global,\n")) {
        this.error("lazy-chakra-globals: Chakra's createSystem changed; update or remove this plugin");
      }
      applied = true;
      return code
        .replace(eager, "let _globalCache;\n  const lazyGlobal = () => (_globalCache ??= [getPreflightCss(), getGlobalCss(), getTokenCss()]);")
        .replace("    _global,\n", "    get _global() { return lazyGlobal(); },\n");
    },
    buildEnd(error) {
      if (!error && !applied) this.error("lazy-chakra-globals: Chakra's styled-system/system.js was not in the build");
    },
  };
};

/**
 * The router asks for a page's chunks only once the entry has run: a second round trip before
 * anything can paint. These preload hints start the shared UI and app chunks (every page uses
 * them) together with the entry; the server adds the requested page's own chunks
 * (src/server/render/route-preloads.ts).
 */
const preloadSharedChunks = (): Plugin => ({
  name: "preload-shared-chunks",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (_html, ctx) =>
      Object.values(ctx.bundle ?? {})
        .filter((chunk) => chunk.type === "chunk")
        .filter((chunk) => chunk.name === "ui" || chunk.name === "shared")
        .map((chunk) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: "", href: `/${chunk.fileName}` }, injectTo: "head" as const })),
  },
});

/** The colour-mode class before the first style pass (src/shared/color-mode-script.ts). */
const colorModeScript = (): Plugin => ({
  name: "color-mode-script",
  transformIndexHtml: () => [{ tag: "script", children: COLOR_MODE_SCRIPT, injectTo: "head-prepend" }],
});

/**
 * `vite build` makes the browser's client in dist/client. `vite build --ssr
 * src/client/entry-server.tsx` makes the server render's entry in dist/ssr: one ES module for
 * Node, every route in it (nothing to fetch lazily on a server), loaded by
 * src/server/render/render-entry.ts in production. Its dependencies are bundled into it
 * (`ssr.noExternal`): Node's loader opens the files of an import graph all at once, and Chakra's
 * and the charts' thousands of modules in node_modules made a render thread fail with EMFILE
 * under the common 1024 open-files limit.
 */
// The router plugin must run before the React plugin so it can split each route's
// component into its own chunk (autoCodeSplitting) and keep the landing's first load small.
export default defineConfig(({ isSsrBuild }) => ({
  ssr: { noExternal: true },
  // The server render's bundle is for production only (the development server renders from the
  // sources): React's development builds are left out of it.
  define: isSsrBuild ? { "process.env.NODE_ENV": JSON.stringify("production") } : undefined,
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: !isSsrBuild,
      routesDirectory: "src/client/routes",
      generatedRouteTree: "src/client/route-tree.gen.ts",
      quoteStyle: "double",
    }),
    react(),
    chakraGlobalCss(),
    lazyChakraGlobals(),
    preloadSharedChunks(),
    colorModeScript(),
  ],
  build: isSsrBuild ? {
    outDir: "dist/ssr",
    emptyOutDir: true,
    target: "node20",
    reportCompressedSize: false,
    sourcemap: true,
  } : {
    outDir: "dist/client",
    emptyOutDir: true,
    target: "es2022",
    // The server precompresses assets (scripts/compress-assets.ts); reporting sizes here is noise.
    reportCompressedSize: false,
    // .vite/manifest.json: lets scripts/lighthouse.ts work out which chunks the landing page loads first.
    manifest: true,
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: {
      // Chakra's theme module builds its default config with `defineConfig({ … recipes,
      // slotRecipes … })`, a call the bundler must keep unless told it is pure (it returns its
      // argument). Kept, it holds all 76 of Chakra's recipes (19 recipes and 57 slot recipes in
      // @chakra-ui/react 3.37) in the entry chunk, although the app's system
      // (components/ui/system.ts) picks only the recipes it uses.
      treeshake: { manualPureFunctions: ["defineConfig"] },
      output: {
        // Over HTTP/1.1 (six connections) every extra small file on a page's critical path costs a
        // round trip on a slow phone network, and automatic splitting made ~15 files for the landing
        // page. These groups keep each page at a handful: the entry, its route, shared UI and code.
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], priority: 3 },
            { name: "ui", test: (id) => isLazyUiModule(id), priority: 2 },
            { name: "shared", test: (id) => isSharedAppModule(id) && !isPriceListModule(id) && !isLaterModule(id), minShareCount: 2, priority: 1 },
            { name: "prices", test: (id) => isPriceListModule(id), minShareCount: 2, priority: 0 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: Vite serves the client, the API runs on the server's default port.
    proxy: { "/api": "http://localhost:3000", "/trpc": "http://localhost:3000" },
  },
}));
