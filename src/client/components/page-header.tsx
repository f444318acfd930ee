import { Box, Flex, Heading, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";

interface PageHeaderProps {
  /** The page's h1. */
  title: string;
  /** One line under the title. */
  description: string;
  /** The page's buttons, beside the title (under it on a phone). */
  children?: ReactNode;
}

/** The head of a signed-in list page (portfolio, registrar accounts): title, a line on what it holds, its actions. */
export function PageHeader({ title, description, children }: PageHeaderProps) {
  return (
    <Flex gap="4" mb="8" justify="space-between" align={{ base: "stretch", md: "flex-end" }} direction={{ base: "column", md: "row" }}>
      <Box>
        <Heading as="h1" size="3xl" mb="2">{title}</Heading>
        <Text color="fg.muted">{description}</Text>
      </Box>
      {children}
    </Flex>
  );
}
