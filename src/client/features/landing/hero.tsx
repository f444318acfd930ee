import { Box, Button, Container, Heading, Stack, Text } from "@chakra-ui/react";
import { LOGIN_PATH } from "../../lib/unauthorized.ts";
import { DataStatusLine } from "./data-status-line.tsx";

export function Hero() {
  return (
    <Box as="section" aria-labelledby="hero-title" bgGradient="to-b" gradientFrom="blue.subtle" gradientTo="bg" py={{ base: "14", md: "20" }}>
      <Container maxW="4xl" textAlign="center">
        <Stack gap="6" align="center">
          <Heading as="h1" id="hero-title" size={{ base: "4xl", md: "6xl" }} letterSpacing="tight">
            Domain Intelligence & Management
          </Heading>
          <Text fontSize={{ base: "lg", md: "xl" }} color="fg.muted" maxW="2xl">
            Manage your domain portfolio with ease and find the best places to register. Compare registration, renewal
            and transfer prices for every top-level domain across trusted registrars.
          </Text>
          <Button asChild size="lg" colorPalette="blue">
            <a href={LOGIN_PATH}>Get Started for Free</a>
          </Button>
          <DataStatusLine />
        </Stack>
      </Container>
    </Box>
  );
}
