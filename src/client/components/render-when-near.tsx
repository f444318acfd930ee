import { Box } from "@chakra-ui/react";
import { startTransition, Suspense, use, useEffect, useId, useMemo, useRef, useState, type ReactNode } from "react";
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
 * them in its HTML already (crawlers read it), unless `inServerHtml` is false; that HTML is
 * hydrated only when it nears the viewport too (see HydrateWhenNear).
 */
export function RenderWhenNear({ children, minH, margin = "400px", inServerHtml = true, placeholder }: RenderWhenNearProps) {
  const hydrated = useHydrated();
  const [near, setNear] = useState(() => (hydrated ? typeof IntersectionObserver === "undefined" : inServerHtml));
  const ref = useRef<HTMLDivElement>(null);
  const id = useId();
  // The same element on every render, though this component renders again when hydration ends:
  // built afresh each time, the waiting sections were rendered from scratch then (Lighthouse TBT
  // on / about 3 s instead of under 0.4 s).
  const content = useMemo(
    () => (
      <Suspense>
        <HydrateWhenNear id={id} margin={margin}>
          {children}
        </HydrateWhenNear>
      </Suspense>
    ),
    [id, margin, children],
  );
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (typeof IntersectionObserver === "undefined") return setNear(true);
    return onceNear(element, margin, () => startTransition(() => setNear(true)));
  }, [near, margin]);
  // Plain elements with inline styles where they can be (one height): these wrappers are on every
  // page, and a Chakra Box is styled by emotion on every render. A height per breakpoint needs the Box.
  if (!near) {
    return typeof minH === "string" ? (
      <div ref={ref} style={{ minHeight: sizeValue(minH) }} aria-hidden>{placeholder}</div>
    ) : (
      <Box ref={ref} minH={minH} aria-hidden>{placeholder}</Box>
    );
  }
  // Rendered but off screen (a server-rendered page's lower sections): the browser skips their
  // style and layout until they near the viewport, sizing them by the reserved height meanwhile.
  const reserved = typeof minH === "string" ? minH : (minH.base ?? Object.values(minH)[0] ?? "0px");
  return (
    <div style={{ contentVisibility: "auto", containIntrinsicSize: `auto ${reserved}` }} data-hydrate-near={id}>
      {content}
    </div>
  );
}

/** A CSS length as it is ("420px"), or a Chakra size token ("md") as its CSS variable. */
const sizeValue = (size: string) => (/^[a-z0-9.]+$/i.test(size) && !/\d(px|rem|em|vh|dvh)$/.test(size) ? `var(--chakra-sizes-${size.replace(".", "\\.")})` : size);

/** Calls `then` once `element` comes within `margin` of the viewport; returns the way to stop watching. */
function onceNear(element: Element, margin: string, then: () => void): () => void {
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((entry) => entry.isIntersecting)) return;
      observer.disconnect();
      then();
    },
    { rootMargin: margin },
  );
  observer.observe(element);
  return () => observer.disconnect();
}

/** The server-rendered sections waiting for the viewport before they hydrate, by their element. */
const hydrationGates = new WeakMap<Element, Promise<void>>();

/** The section's gate: made while the page hydrates, found again on React's later renders of it. */
function gateOf(id: string, margin: string, hydrating: boolean): Promise<void> | undefined {
  if (typeof document === "undefined" || typeof IntersectionObserver === "undefined") return undefined;
  const element = document.querySelector(`[data-hydrate-near="${CSS.escape(id)}"]`);
  if (!element) return undefined;
  let gate = hydrationGates.get(element);
  if (!gate && hydrating) {
    gate = new Promise<void>((resolve) => onceNear(element, margin, resolve));
    hydrationGates.set(element, gate);
  }
  return gate;
}

/**
 * While the page hydrates, a section below the fold suspends until it nears the viewport: React
 * keeps its server HTML as it is (visible, links working) and hydrates it then, in a task of its
 * own, instead of in the one hydration of the whole page that a phone spends long main-thread
 * tasks on. Anything rendered after hydration passes straight through.
 */
function HydrateWhenNear({ id, margin, children }: { id: string; margin: string; children: ReactNode }) {
  const hydrating = !useHydrated();
  // Every render of a gated section reads its gate (settled ones answer at once), as use() asks.
  const gate = gateOf(id, margin, hydrating);
  if (gate) use(gate);
  return children;
}
