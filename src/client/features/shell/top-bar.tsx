import { Box, Container, HStack, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { ColorModeButton } from "../../components/ui/color-mode.tsx";
import { AuthActions } from "./auth-actions.tsx";
import { CurrencySelect } from "./currency-select.tsx";
import { BRAND } from "../../lib/site.ts";
import { NavDrawer } from "./nav-drawer.tsx";
import { NavLinkList } from "./nav-link-list.tsx";

export function TopBar() {
  return (
    <Box as="header" position="sticky" top="0" zIndex="sticky" bg="bg/90" backdropFilter="blur(8px)" borderBottomWidth="1px">
      <Container maxW="7xl" h="14" display="flex" alignItems="center" gap="4">
        <Link to="/">
          <HStack gap="2">
            <Box aria-hidden bg="blue.600" color="white" rounded="md" w="7" h="7" display="grid" placeItems="center" fontWeight="bold">
              T
            </Box>
            <Text fontWeight="bold" fontSize="lg">
              {BRAND}
            </Text>
          </HStack>
        </Link>
        <Box as="nav" aria-label="Main" display={{ base: "none", md: "block" }}>
          <NavLinkList direction="row" gap="1" />
        </Box>
        <HStack ms="auto" gap="2">
          {/* On a phone it sits in the menu drawer, where there is room for it. */}
          <Box display={{ base: "none", md: "block" }}>
            <CurrencySelect />
          </Box>
          <ColorModeButton />
          <AuthActions direction="row" align="center" display={{ base: "none", md: "flex" }} />
          <NavDrawer />
        </HStack>
      </Container>
    </Box>
  );
}
