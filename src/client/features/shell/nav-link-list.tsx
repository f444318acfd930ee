import { Stack, type StackProps } from "@chakra-ui/react";
import { useLocation } from "@tanstack/react-router";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { useAuth } from "../../lib/use-auth.ts";
import { navItemsFor } from "./nav-links.ts";

interface NavLinkListProps extends StackProps {
  /** The drawer closes itself through this when a link is tapped. */
  onNavigate?: () => void;
}

// One style rule for all links (plain anchors), the current page marked by aria-current.
const LINK_STYLES = {
  "& a": { display: "block", px: "3", py: "2", rounded: "md", fontWeight: "medium", color: "fg", textDecoration: "none" },
  "& a:hover": { bg: "bg.muted" },
  "& a:focus-visible": { outline: "2px solid", outlineColor: "blue.focusRing" },
  "& a[aria-current=page]": { color: "blue.fg", bg: "blue.subtle" },
};

export function NavLinkList({ onNavigate, ...props }: NavLinkListProps) {
  const { isAuthenticated } = useAuth();
  const pathname = useLocation({ select: (l) => l.pathname });
  return (
    <Stack as="ul" listStyleType="none" m="0" p="0" css={LINK_STYLES} {...props}>
      {navItemsFor(isAuthenticated).map((item) => {
        const current = pathname === item.href || pathname.startsWith(`${item.href}/`);
        return (
          <li key={item.href}>
            <SpaAnchor href={item.href} onClick={onNavigate} aria-current={current ? "page" : undefined}>
              {item.label}
            </SpaAnchor>
          </li>
        );
      })}
    </Stack>
  );
}
