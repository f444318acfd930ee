import createCache, { type EmotionCache } from "@emotion/cache";

/**
 * The browser's emotion cache, adopting the server's rules without touching their element.
 * Emotion's own adoption (a `<style data-emotion="css …">`) re-inserts that element into the
 * head when its cache is created; the browser then drops and rebuilds the stylesheet, and every
 * styled element of the page is styled and laid out again (measured on /tld/com, 4× CPU
 * slowdown: a 40–55 ms style pass over 600 elements plus a full layout, right after the bundle
 * runs). Here the ids are only marked as inserted, so no rule is added twice and the element
 * stays as parsed; rules the browser needs later go into a `<style>` emotion appends after it.
 */
export function createBrowserStyleCache(): EmotionCache {
  const cache = createCache({ key: "css" });
  // Written by the server (src/server/render/server-render.ts): the page's rules, their ids in data-ids.
  const ids = document.getElementById("ssr-styles")?.dataset.ids;
  for (const id of ids ? ids.split(" ") : []) cache.inserted[id] = true;
  return cache;
}
