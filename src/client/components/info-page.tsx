import { Container, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { usePageTitle } from "../lib/use-page-title.ts";

interface InfoPageProps {
  title: string;
  /** The document title when it should differ from the heading. */
  documentTitle?: string;
  intro?: ReactNode;
  children: ReactNode;
  maxW?: string;
}

/** The frame of every informational page: its own document title, one h1 and an introduction. */
export function InfoPage({ title, documentTitle, intro, children, maxW = "6xl" }: InfoPageProps) {
  usePageTitle(documentTitle ?? title);
  return (
    <Container maxW={maxW} py={{ base: "8", md: "12" }}>
      <Heading as="h1" size="3xl" mb="3">
        {title}
      </Heading>
      {intro && (
        <Text color="fg.muted" fontSize="lg" mb="8" maxW="3xl">
          {intro}
        </Text>
      )}
      {children}
    </Container>
  );
}
