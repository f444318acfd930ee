/**
 * A stand-in for the server render's entry in tests of the render pool (render/render-pool.ts):
 * /throws throws, /hangs never finishes, /spin/N keeps its thread busy for N ms and then
 * renders, /portfolio is client-rendered, any other path renders a page naming itself.
 */
import type { RenderRequest, RenderResult } from "../../client/entry-server.tsx";

export const isServerRendered = (pathname: string) => !pathname.startsWith("/portfolio");

export async function renderPage({ url }: RenderRequest): Promise<RenderResult> {
  const path = new URL(url, "http://page.internal").pathname;
  if (path === "/throws") throw new Error("this render fails");
  if (path === "/hangs") return new Promise<never>(() => undefined);
  const spin = /^\/spin\/(\d+)$/.exec(path);
  if (spin) {
    const until = Date.now() + Number(spin[1]);
    while (Date.now() < until) { /* a synchronous render this long */ }
  }
  return {
    kind: "page", status: 200, html: `<main>rendered ${path}</main>`,
    state: { queries: [], mutations: [] }, head: { title: `page ${path}`, description: "fixture" }, styles: { ids: [], css: "" },
  };
}
