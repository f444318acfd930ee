import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { renderChakraGlobalCss } from "./src/client/components/ui/static-global-css.ts";

/** Chakra/Ark component wrappers the pages share; the heavy overlay machines stay in their own chunks. */
const isLazyUiModule = (id: string) =>
  /node_modules[\\/](@chakra-ui|@ark-ui|@zag-js)[\\/]/.test(id) &&
  !/(dialog|drawer|toast|switch|tabs|tooltip|popover|menu|select|focus-trap|dismissable|interact-outside|popper|floating-ui|aria-hidden|remove-scroll)/.test(id);

/** App code used by several pages, minus what drags zod in (domain validation), which only some pages need. */
const isSharedAppModule = (id: string) =>
  /src[\\/](client|shared)[\\/]/.test(id) && !/(domain-actions|domain-name|schemas|features[\\/](admin|portfolio))/.test(id);

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
 * The router asks for a page's chunks only once the entry has run: a second round trip before
 * anything can paint. These preload hints start the shared UI and app chunks (every page uses
 * them) and the landing page's own chunk together with the entry.
 */
const preloadPageChunks = (): Plugin => ({
  name: "preload-page-chunks",
  apply: "build",
  transformIndexHtml: {
    order: "post",
    handler: (_html, ctx) =>
      Object.values(ctx.bundle ?? {})
        .filter((chunk) => chunk.type === "chunk")
        .filter((chunk) => chunk.name === "ui" || chunk.name === "shared" || chunk.facadeModuleId?.includes("routes/index.tsx?tsr-split"))
        .map((chunk) => ({ tag: "link", attrs: { rel: "modulepreload", crossorigin: "", href: `/${chunk.fileName}` }, injectTo: "head" as const })),
  },
});

// The router plugin must run before the React plugin so it can split each route's
// component into its own chunk (autoCodeSplitting) and keep the landing's first load small.
export default defineConfig({
  plugins: [
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "src/client/routes",
      generatedRouteTree: "src/client/route-tree.gen.ts",
      quoteStyle: "double",
    }),
    react(),
    chakraGlobalCss(),
    preloadPageChunks(),
  ],
  build: {
    outDir: "dist/client",
    emptyOutDir: true,
    target: "es2022",
    // The server precompresses assets (scripts/compress-assets.ts); reporting sizes here is noise.
    reportCompressedSize: false,
    // .vite/manifest.json: lets scripts/lighthouse.ts work out which chunks the landing page loads first.
    manifest: true,
    sourcemap: process.env.SOURCEMAP === "1",
    rolldownOptions: {
      output: {
        // Over HTTP/1.1 (six connections) every extra small file on a page's critical path costs a
        // round trip on a slow phone network, and automatic splitting made ~15 files for the landing
        // page. These groups keep each page at a handful: the entry, its route, shared UI and code.
        codeSplitting: {
          groups: [
            { name: "app", tags: ["$initial"], priority: 3 },
            { name: "ui", test: (id) => isLazyUiModule(id), priority: 2 },
            { name: "shared", test: (id) => isSharedAppModule(id), minShareCount: 2, priority: 1 },
          ],
        },
      },
    },
  },
  server: {
    // `npm run dev`: Vite serves the client, the API runs on the server's default port.
    proxy: { "/api": "http://localhost:3000", "/trpc": "http://localhost:3000" },
  },
});
