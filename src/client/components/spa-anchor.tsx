import { useRouter } from "@tanstack/react-router";
import type { AnchorHTMLAttributes, MouseEvent } from "react";

/**
 * An in-app link by plain path, for pages another part of the app registers (informational
 * pages, signed-in areas) and that the typed router therefore cannot name yet. A plain click
 * navigates client-side; modified clicks keep the browser's behaviour (new tab, etc.).
 * A bare <a> so lists of them stay cheap; style it from a parent or wrap it in Chakra's Link asChild.
 */
export function SpaAnchor({ href, onClick, ...props }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const router = useRouter();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void router.navigate({ href });
  };
  return <a href={href} onClick={handleClick} {...props} />;
}
