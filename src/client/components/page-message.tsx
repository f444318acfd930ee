import { Button, Container, Heading, Text } from "@chakra-ui/react";
import { Link, type LinkProps } from "@tanstack/react-router";

interface PageMessageProps {
  title: string;
  text?: string;
  action?: { label: string; to: LinkProps["to"] };
  tone?: "neutral" | "error";
}

/** A whole-page state (not found, failed to load) with a way back. */
export function PageMessage({ title, text, action, tone = "neutral" }: PageMessageProps) {
  return (
    <Container maxW="2xl" py="20" textAlign="center" role={tone === "error" ? "alert" : undefined}>
      <Heading as="h1" size="2xl" mb="3" color={tone === "error" ? "fg.error" : undefined}>
        {title}
      </Heading>
      {text && (
        <Text color="fg.muted" mb="8">
          {text}
        </Text>
      )}
      {action && (
        <Button asChild colorPalette="blue" mt={text ? undefined : "6"}>
          <Link to={action.to}>{action.label}</Link>
        </Button>
      )}
    </Container>
  );
}
