import { Button, Container, Heading, Text } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { usePageTitle } from "../lib/use-page-title.ts";

/** Every path no route claims (spec document 2, route table). */
export function NotFoundPage() {
  usePageTitle("Page Not Found");
  return (
    <Container maxW="2xl" py="24" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        404 Page Not Found
      </Heading>
      <Text color="fg.muted" mb="8">
        Did you forget to add the page to the router?
      </Text>
      <Button asChild colorPalette="blue">
        <Link to="/">Back to Home</Link>
      </Button>
    </Container>
  );
}
