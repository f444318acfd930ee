import { Accordion, Box, Button, Card, Heading, HStack, NativeSelect, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { InfoPage } from "../../components/info-page.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { matchesSearch } from "../../components/text-match.ts";
import { useSiteSettings } from "../../lib/use-site-settings.ts";
import { FAQ_CATEGORIES } from "./faqs.ts";

const ALL = "all";

function SupportCards() {
  const { communityChatUrl, contactEmail } = useSiteSettings();
  return (
    <Box as="section" aria-labelledby="more-help" mt="14">
      <Heading as="h2" id="more-help" size="xl" mb="4">Still need help?</Heading>
      <SimpleGrid columns={{ base: 1, md: communityChatUrl ? 3 : 2 }} gap="4">
        {communityChatUrl && (
          <Card.Root variant="outline">
            <Card.Body gap="3">
              <Heading as="h3" size="md">Community Chat</Heading>
              <Text color="fg.muted">Ask other domain buyers and the team in the community chat.</Text>
              <Button asChild variant="outline" alignSelf="flex-start">
                <a href={communityChatUrl} target="_blank" rel="noopener noreferrer">Join the chat</a>
              </Button>
            </Card.Body>
          </Card.Root>
        )}
        <Card.Root variant="outline">
          <Card.Body gap="3">
            <Heading as="h3" size="md">Documentation</Heading>
            <Text color="fg.muted">Guides to the price tables, the portfolio and the public API.</Text>
            <Button asChild variant="outline" alignSelf="flex-start"><SpaAnchor href="/documentation">Read the docs</SpaAnchor></Button>
          </Card.Body>
        </Card.Root>
        <Card.Root variant="outline">
          <Card.Body gap="3">
            <Heading as="h3" size="md">Contact</Heading>
            <Text color="fg.muted">
              We answer within 2-4 hours during business hours, critical issues within 1 hour, and privacy requests within 30 days.
              {contactEmail && <> You can also write to {contactEmail}.</>}
            </Text>
            <Button asChild colorPalette="blue" alignSelf="flex-start"><SpaAnchor href="/contact">Contact us</SpaAnchor></Button>
          </Card.Body>
        </Card.Root>
      </SimpleGrid>
    </Box>
  );
}

/** Help Center: searchable FAQ in an accordion that keeps at most one answer open. */
export function HelpPage() {
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState(ALL);
  const [open, setOpen] = useState<string[]>([]);
  const faqs = FAQ_CATEGORIES
    .filter((c) => category === ALL || c.id === category)
    .flatMap((c) => c.faqs.map((faq, i) => ({ ...faq, id: `${c.id}-${i}`, category: c.title })))
    .filter((faq) => matchesSearch(search, faq.question, faq.answer));
  const clear = () => {
    setSearch("");
    setCategory(ALL);
  };
  return (
    <InfoPage title="Help Center" intro="Answers to common questions about comparing domain prices and managing your portfolio.">
      <HStack gap="3" mb="6" wrap="wrap" align="flex-end">
        <SearchField value={search} onChange={setSearch} label="Search help articles" placeholder="Search questions and answers..." />
        <NativeSelect.Root w={{ base: "full", sm: "64" }}>
          <NativeSelect.Field aria-label="Category" value={category} onChange={(e) => setCategory(e.target.value)}>
            <option value={ALL}>All Categories</option>
            {FAQ_CATEGORIES.map((c) => <option key={c.id} value={c.id}>{c.title}</option>)}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </HStack>
      <Heading as="h2" size="xl" mb="3">Frequently Asked Questions</Heading>
      {faqs.length === 0 ? (
        <Stack align="center" gap="3" py="12" textAlign="center" borderWidth="1px" rounded="lg">
          <Heading as="h3" size="lg">No results found</Heading>
          <Text color="fg.muted">No question or answer matches your search. Try other words or another category.</Text>
          <Button variant="outline" onClick={clear}>Clear Search</Button>
        </Stack>
      ) : (
        <Accordion.Root collapsible value={open} onValueChange={(e) => setOpen(e.value)} variant="enclosed">
          {faqs.map((faq) => (
            <Accordion.Item key={faq.id} value={faq.id}>
              <Accordion.ItemTrigger>
                <Stack flex="1" gap="0" textAlign="start">
                  <Text as="span" fontSize="xs" color="fg.muted">{faq.category}</Text>
                  <Text as="span" fontWeight="semibold">{faq.question}</Text>
                </Stack>
                <Accordion.ItemIndicator />
              </Accordion.ItemTrigger>
              <Accordion.ItemContent>
                <Accordion.ItemBody>
                  <Text>{faq.answer}</Text>
                </Accordion.ItemBody>
              </Accordion.ItemContent>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      )}
      <SupportCards />
    </InfoPage>
  );
}
