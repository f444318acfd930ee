import { Button, Container, Heading, HStack, Text } from "@chakra-ui/react";
import { Link, useLocation } from "@tanstack/react-router";
import { usePageTitle } from "../lib/use-page-title.ts";

/**
 * Every path no route claims (spec document 2, route table: "404 Page Not Found"). The
 * specification's line under the title spoke to the site's developers; this one tells a
 * visitor what happened and where to go instead (decision 047).
 */
export function NotFoundPage() {
  usePageTitle("Page Not Found");
  const { pathname } = useLocation();
  return (
    <Container maxW="2xl" py="24" textAlign="center">
      <Heading as="h1" size="2xl" mb="3">
        404 Page Not Found
      </Heading>
      <Text color="fg.muted" mb="8" overflowWrap="anywhere">
        There is no page at {pathname}. The address may be mistyped, or the page may have moved.
      </Text>
      <HStack justify="center" gap="3" wrap="wrap">
        <Button asChild colorPalette="blue">
          <Link to="/">Back to Home</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/tlds">Browse TLD prices</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/help">Help Center</Link>
        </Button>
      </HStack>
    </Container>
  );
}
