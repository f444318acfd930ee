/**
 * Build-time only (imported by vite.config.ts, never by the app): renders the Chakra system's
 * global styles (reset, global CSS and every token's CSS variable, ~48 KB) to a string, once,
 * served as the virtual module "virtual:chakra-global.css". At run time emotion would otherwise
 * serialise, hash, parse and insert all of it during the first render of every page view.
 */
import { ChakraProvider } from "@chakra-ui/react";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { getSystem } from "./system.ts";

export function renderChakraGlobalCss(): string {
  // Emotion's server rendering writes each <Global> as an inline <style> tag, in order.
  const html = renderToString(createElement(ChakraProvider, { value: getSystem(), children: null }));
  return [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((match) => match[1]).join("\n");
}
