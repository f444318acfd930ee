import { Box, Flex } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { RenderWhenNear } from "../../components/render-when-near.tsx";
import { Footer } from "./footer.tsx";
import { TopBar } from "./top-bar.tsx";

export function AppShell({ children }: { children: ReactNode }) {
  return (
    <Flex direction="column" minH="100dvh">
      {/* Keyboard users skip the top bar straight to the page content. */}
      <Box
        asChild
        position="absolute"
        left="2"
        top="-20"
        zIndex="skipLink"
        bg="bg"
        px="3"
        py="2"
        rounded="md"
        borderWidth="1px"
        _focus={{ top: "2" }}
      >
        <a href="#main">Skip to content</a>
      </Box>
      <TopBar />
      <Box as="main" id="main" flex="1" tabIndex={-1} _focus={{ outline: "none" }}>
        {children}
      </Box>
      {/* Below the fold on every page; its twenty links need not hold up the first render. */}
      <RenderWhenNear minH="420px">
        <Footer />
      </RenderWhenNear>
    </Flex>
  );
}
