import { useRouter } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

/**
 * An in-app link by plain path. A plain click navigates client-side; modified clicks keep the
 * browser's behaviour (new tab, etc.); hovering or focusing it preloads the page's code and data,
 * as the router's own links do (defaultPreload "intent"). A bare <a> with no router subscription,
 * so long tables of them stay cheap to render and hydrate; style it from a parent or wrap it in
 * Chakra's Link asChild.
 */
export function SpaAnchor({ href, onClick, onPointerEnter, onFocus, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  // The router builds the location from `href` as navigate() does; its types only name `to`.
  // The cast is needed by tsc (preloadRoute's options want `to`); the linter's view of the
  // generated route tree sees no need for it.
  // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion
  const preload = () => void router.preloadRoute({ href } as unknown as Parameters<typeof router.preloadRoute>[0]).catch(() => undefined);
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return (
    <a
      href={href}
      onClick={handleClick}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        preload();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        preload();
      }}
      {...props}
    />
  );
}
