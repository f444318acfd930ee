import { Box } from "@chakra-ui/react";
import { startTransition, useEffect, useRef, useState, type ReactNode } from "react";
import { useHydrated } from "../lib/hydration.ts";

interface RenderWhenNearProps {
  children: ReactNode;
  /** Space reserved until the content renders, so nothing below it jumps (no layout shift). */
  minH: string | Record<string, string>;
  /** How far outside the viewport rendering starts. */
  margin?: string;
  /**
   * False: the server renders the placeholder and the content waits for the viewport even on a
   * server-rendered page. For costly content a crawler does not need (a chart beside its table).
   */
  inServerHtml?: boolean;
  /** Shown in the reserved space until the content renders. */
  placeholder?: ReactNode;
}

/**
 * Renders its children once they come within `margin` of the viewport. The landing page is
 * long: rendering its tables and grids before anyone scrolls to them kept a phone's main thread
 * busy for over a second. Their data is prefetched by the route, so they appear at once. The
 * render runs as a transition, which React splits into short slices. A server-rendered page has
 * them in its HTML already (crawlers read it), so hydration renders them too, unless
 * `inServerHtml` is false.
 */
export function RenderWhenNear({ children, minH, margin = "400px", inServerHtml = true, placeholder }: RenderWhenNearProps) {
  const hydrated = useHydrated();
  const [near, setNear] = useState(() => (hydrated ? typeof IntersectionObserver === "undefined" : inServerHtml));
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        startTransition(() => setNear(true));
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, margin]);
  if (!near) return <Box ref={ref} minH={minH} aria-hidden>{placeholder}</Box>;
  // Rendered but off screen (a server-rendered page's lower sections): the browser skips their
  // style and layout until they near the viewport, sizing them by the reserved height meanwhile.
  const reserved = typeof minH === "string" ? minH : (minH.base ?? Object.values(minH)[0] ?? "0px");
  return <Box css={{ contentVisibility: "auto", containIntrinsicSize: `auto ${reserved}` }}>{children}</Box>;
}
