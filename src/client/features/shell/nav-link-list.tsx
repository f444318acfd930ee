import { useLocation } from "@tanstack/react-router";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { useAuth } from "../../lib/use-auth.ts";
import { navItemsFor } from "./nav-links.ts";

interface NavLinkListProps {
  /** A row in the top bar; a column (the default) in the drawer. */
  direction?: "row" | "column";
  /** The drawer closes itself through this when a link is tapped. */
  onNavigate?: () => void;
}

// One style rule for all links (plain anchors, `.app-nav-links` in ui/app-global-css.ts), the
// current page marked by aria-current.
export function NavLinkList({ direction = "column", onNavigate }: NavLinkListProps) {
  const { isAuthenticated, user } = useAuth();
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <ul className="app-nav-links" data-direction={direction}>
      {navItemsFor(isAuthenticated, user?.isAdmin === true).map((item) => {
        const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <li key={item.href}>
            <SpaAnchor href={item.href} onClick={onNavigate} aria-current={current ? "page" : undefined}>
              {item.label}
            </SpaAnchor>
          </li>
        );
      })}
    </ul>
  );
}
