import { Button, Card, Heading, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { InfoPage } from "../../components/info-page.tsx";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { useSiteSettings } from "../../lib/use-site-settings.ts";
import { ContactForm } from "./contact-form.tsx";

function Channels() {
  const { communityChatUrl, contactEmail } = useSiteSettings();
  return (
    <Stack gap="4" as="aside" aria-label="Other ways to reach us">
      {contactEmail && (
        <Card.Root variant="outline">
          <Card.Body gap="2">
            <Heading as="h2" size="md">Email</Heading>
            <Text color="fg.muted">Write to us directly.</Text>
            <a href={`mailto:${contactEmail}`}>{contactEmail}</a>
          </Card.Body>
        </Card.Root>
      )}
      {communityChatUrl && (
        <Card.Root variant="outline">
          <Card.Body gap="2">
            <Heading as="h2" size="md">Community Chat</Heading>
            <Text color="fg.muted">Quick questions, answered by the community and the team.</Text>
            <Button asChild variant="outline" size="sm" alignSelf="flex-start">
              <a href={communityChatUrl} target="_blank" rel="noopener noreferrer">Open the chat</a>
            </Button>
          </Card.Body>
        </Card.Root>
      )}
      <Card.Root variant="outline">
        <Card.Body gap="2">
          <Heading as="h2" size="md">Response times</Heading>
          <Text color="fg.muted">2-4 hours during business hours; critical issues within 1 hour; privacy requests within 30 days.</Text>
        </Card.Body>
      </Card.Root>
      <Card.Root variant="outline">
        <Card.Body gap="2">
          <Heading as="h2" size="md">Find it yourself</Heading>
          <Text color="fg.muted">Many answers are already written down.</Text>
          <Stack direction="row" gap="2" wrap="wrap">
            <Button asChild size="sm" variant="outline"><SpaAnchor href="/help">Help Center</SpaAnchor></Button>
            <Button asChild size="sm" variant="outline"><SpaAnchor href="/documentation">Documentation</SpaAnchor></Button>
          </Stack>
        </Card.Body>
      </Card.Root>
    </Stack>
  );
}

export function ContactPage() {
  return (
    <InfoPage title="Contact" documentTitle="Contact Us" intro="Questions about prices, your portfolio, the API or a missing registrar? Send us a message.">
      <SimpleGrid columns={{ base: 1, lg: 3 }} gap="8">
        <Card.Root variant="outline" gridColumn={{ lg: "span 2" }}>
          <Card.Header><Heading as="h2" size="lg">Send us a message</Heading></Card.Header>
          <Card.Body><ContactForm /></Card.Body>
        </Card.Root>
        <Channels />
      </SimpleGrid>
    </InfoPage>
  );
}
