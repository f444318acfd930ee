import { Box, Container, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { BRAND } from "../../lib/site.ts";
import { useSiteSettings } from "../../lib/use-site-settings.ts";

interface FooterLink {
  label: string;
  href: string;
  external?: boolean;
}

// Every destination from spec section 2. Most informational pages (API Access, most directories,
// support and legal pages) have no route yet, so their links end on the not-found page.
const GROUPS: ReadonlyArray<{ title: string; links: FooterLink[] }> = [
  {
    title: "Product",
    links: [
      { label: "TLD Prices", href: "/tlds" },
      { label: "Home", href: "/" },
      { label: "Portfolio", href: "/portfolio" },
      { label: "API Access", href: "/api-access" },
    ],
  },
  {
    title: "Directory",
    links: [
      { label: "Registry Operators", href: "/registry-operators" },
      { label: "Registrars", href: "/registrars" },
      { label: "ICANN Accredited Registrars", href: "/icann-accredited-registrars" },
      { label: "Service Providers", href: "/service-providers" },
    ],
  },
  {
    title: "Support",
    links: [
      { label: "Documentation", href: "/documentation" },
      { label: "Help Center", href: "/help" },
      { label: "Contact", href: "/contact" },
      { label: "System Status", href: "/status" },
    ],
  },
  {
    title: "Legal",
    links: [
      { label: "Privacy Policy", href: "/privacy" },
      { label: "Terms of Service", href: "/terms" },
      { label: "Cookie Policy", href: "/cookies" },
    ],
  },
];

// Plain anchors styled once here: the footer has twenty of them on every page.
const LINK_STYLES = { "& ul a": { color: "fg.muted", textDecoration: "none" }, "& ul a:hover": { color: "fg", textDecoration: "underline" } };

export function Footer() {
  const { communityChatUrl } = useSiteSettings();
  // The chat link sits after Help Center, and only when the deployment has a community chat.
  const groups = communityChatUrl
    ? GROUPS.map((group) => group.title !== "Support" ? group : {
      ...group,
      links: group.links.flatMap((link) => link.href === "/help" ? [link, { label: "Community Chat", href: communityChatUrl, external: true }] : [link]),
    })
    : GROUPS;
  return (
    <Box as="footer" borderTopWidth="1px" bg="bg.subtle" mt="16" css={LINK_STYLES}>
      <Container maxW="7xl" py="10">
        <SimpleGrid columns={{ base: 2, md: 5 }} gap="8">
          <Stack gridColumn={{ base: "span 2", md: "span 1" }} gap="2">
            <Text fontWeight="bold">{BRAND}</Text>
            <Text fontSize="sm" color="fg.muted">
              A domain intelligence and management platform for smart domain registration decisions.
            </Text>
          </Stack>
          {groups.map((group) => (
            <Box as="nav" aria-label={group.title} key={group.title}>
              <Heading as="h2" size="sm" mb="3">
                {group.title}
              </Heading>
              <Stack as="ul" listStyleType="none" gap="2" fontSize="sm">
                {group.links.map((link) => (
                  <li key={link.href}>
                    {link.external ? (
                      <a href={link.href} target="_blank" rel="noopener noreferrer">
                        {link.label}
                      </a>
                    ) : (
                      <SpaAnchor href={link.href}>{link.label}</SpaAnchor>
                    )}
                  </li>
                ))}
              </Stack>
            </Box>
          ))}
        </SimpleGrid>
        <Text fontSize="sm" color="fg.muted" mt="10" textAlign="center">
          Copyright 2025 {BRAND}. All rights reserved.
        </Text>
      </Container>
    </Box>
  );
}
