import { Button, Card, Container, Heading, Text } from "@chakra-ui/react";
import { LuMessageCircle } from "react-icons/lu";
import { useSiteSettings } from "../../lib/use-site-settings.ts";

/** Shown only when the deployment has a community chat (COMMUNITY_CHAT_URL). */
export function CommunityChat() {
  const { communityChatUrl } = useSiteSettings();
  if (!communityChatUrl) return null;
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
            <a href={communityChatUrl} target="_blank" rel="noopener noreferrer">
              Chat Now
            </a>
          </Button>
        </Card.Body>
      </Card.Root>
    </Container>
  );
}
