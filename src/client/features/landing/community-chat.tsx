import { Button, Card, Container, Heading, Text } from "@chakra-ui/react";
import { LuMessageCircle } from "react-icons/lu";
import { COMMUNITY_CHAT_URL } from "../../lib/site.ts";

export function CommunityChat() {
  return (
    <Container as="section" aria-labelledby="community-chat" maxW="7xl">
      <Card.Root variant="subtle" textAlign="center" alignItems="center" py="6">
        <Card.Body alignItems="center" gap="4">
          <LuMessageCircle aria-hidden size="32" />
          <Heading as="h2" id="community-chat" size="xl">
            Community Chat
          </Heading>
          <Text color="fg.muted" maxW="xl">
            Join our community of domain enthusiasts: swap registration tips, ask questions and hear about price drops
            first.
          </Text>
          <Button asChild colorPalette="blue">
            <a href={COMMUNITY_CHAT_URL} target="_blank" rel="noopener noreferrer">
              Chat Now
            </a>
          </Button>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
