// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import { createBrowserStyleCache } from "./style-cache.ts";

describe("browser style cache", () => {
  it("adopts the server's rule ids without moving their <style>, and appends only new rules after it", () => {
    document.head.innerHTML = '<title>t</title><style id="ssr-styles" data-ids="abc def">.css-abc{color:red}.css-def{color:blue}</style><link rel="canonical" href="/">';
    const ssr = document.getElementById("ssr-styles")!;
    const before = [...document.head.childNodes];

    const cache = createBrowserStyleCache();
    expect(cache.inserted.abc).toBe(true);
    expect(cache.inserted.def).toBe(true);
    // Untouched: same element, same place, nothing added to the head yet.
    expect([...document.head.childNodes]).toEqual(before);
    expect(ssr.hasAttribute("data-emotion")).toBe(false);

    // A rule the server did not send goes into emotion's own <style>, after the server's.
    cache.insert(".css-xyz", { name: "xyz", styles: "color:green;", next: undefined }, cache.sheet, true);
    expect(cache.inserted.xyz).toBe(true);
    const styles = [...document.head.querySelectorAll("style")];
    expect(styles[0]).toBe(ssr);
    expect(styles).toHaveLength(2);
    expect(styles[1]!.getAttribute("data-emotion")).toBe("css");
    expect(ssr.textContent).not.toContain("green");
  });

  it("starts empty on a page the server did not render", () => {
    document.head.innerHTML = "<title>t</title>";
    const cache = createBrowserStyleCache();
    expect(Object.keys(cache.inserted)).toEqual([]);
  });
});
