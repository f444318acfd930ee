import { Box, Button, Flex, IconButton, Stack } from "@chakra-ui/react";
import { Link, useLocation } from "@tanstack/react-router";
import { useState, type ReactNode } from "react";
import { LuLogOut, LuPanelLeftClose, LuPanelLeftOpen } from "react-icons/lu";
import { Breadcrumbs } from "../../components/breadcrumbs.tsx";
import { LOGOUT_PATH } from "../../lib/unauthorized.ts";
import { ADMIN_NAV, adminPageFor } from "./admin-nav.ts";

// Narrow screens start with the icon rail so the page keeps most of the width.
const startsExpanded = () => typeof window.matchMedia !== "function" || window.matchMedia("(min-width: 48em)").matches;

/** The admin area's frame: a collapsible sidebar, breadcrumbs and logout around each page. */
export function AdminShell({ children }: { children: ReactNode }) {
  const [expanded, setExpanded] = useState(startsExpanded);
  const pathname = useLocation({ select: (l) => l.pathname });
  const current = adminPageFor(pathname);
  return (
    <Flex align="stretch" minH="calc(100dvh - 4rem)">
      <Box as="aside" aria-label="Admin" borderEndWidth="1px" bg="bg.subtle" flexShrink={0} w={expanded ? "56" : "16"}
        transition="width 0.15s" px="2" py="4">
        <Stack gap="1" position="sticky" top="4">
          <IconButton variant="ghost" size="sm" alignSelf={expanded ? "flex-end" : "center"} aria-expanded={expanded}
            aria-controls="admin-nav" aria-label={expanded ? "Collapse sidebar" : "Expand sidebar"} onClick={() => setExpanded(!expanded)}>
            {expanded ? <LuPanelLeftClose /> : <LuPanelLeftOpen />}
          </IconButton>
          <Stack as="nav" id="admin-nav" aria-label="Admin pages" gap="1">
            {ADMIN_NAV.map((item) => (
              <Button key={item.to} asChild variant="ghost" size="sm" justifyContent={expanded ? "flex-start" : "center"}
                css={{ "&[aria-current=page]": { bg: "blue.subtle", color: "blue.fg" } }}>
                <Link to={item.to} activeOptions={{ exact: true }} title={expanded ? undefined : item.label}>
                  <item.icon aria-hidden />
                  <Box as="span" srOnly={!expanded}>{item.label}</Box>
                </Link>
              </Button>
            ))}
          </Stack>
          <Button asChild variant="ghost" size="sm" mt="4" justifyContent={expanded ? "flex-start" : "center"} colorPalette="red">
            <a href={LOGOUT_PATH} title={expanded ? undefined : "Logout"}>
              <LuLogOut aria-hidden />
              <Box as="span" srOnly={!expanded}>Logout</Box>
            </a>
          </Button>
        </Stack>
      </Box>
      <Box flex="1" minW="0" px={{ base: "3", md: "8" }} py={{ base: "4", md: "6" }}>
        <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Admin", to: "/admin" }, { label: current.label }]} />
        {children}
      </Box>
    </Flex>
  );
}
