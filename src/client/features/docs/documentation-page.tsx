import { Badge, Box, Button, Card, Heading, HStack, SimpleGrid, Stack, Text } from "@chakra-ui/react";
import { useState } from "react";
import { InfoPage } from "../../components/info-page.tsx";
import { SearchField } from "../../components/search-field.tsx";
import { SpaAnchor } from "../../components/spa-anchor.tsx";
import { matchesSearch } from "../../components/text-match.ts";
import { useSiteSettings } from "../../lib/use-site-settings.ts";
import { DOC_CATEGORIES, type Difficulty } from "./doc-categories.ts";

const PALETTE: Record<Difficulty, "green" | "orange" | "red"> = { Beginner: "green", Intermediate: "orange", Advanced: "red" };
const QUICK_LINKS = [
  ["/api-access", "API Access"], ["/service-providers", "Service Providers"], ["/registry-operators", "Registry Operators"], ["/help", "Help Center"],
] as const;

export function DocumentationPage() {
  const [search, setSearch] = useState("");
  const { communityChatUrl } = useSiteSettings();
  // A category matching by its title keeps all its articles; otherwise only matching articles show.
  const categories = DOC_CATEGORIES
    .map((c) => (matchesSearch(search, c.title) ? c : { ...c, articles: c.articles.filter((a) => matchesSearch(search, a.title)) }))
    .filter((c) => c.articles.length > 0);
  return (
    <InfoPage title="Documentation" intro="Guides to comparing prices, managing your portfolio and reading our data through the API.">
      <HStack mb="6"><SearchField value={search} onChange={setSearch} label="Search documentation" placeholder="Search articles..." /></HStack>
      <Box as="nav" aria-label="Quick links" mb="10">
        <HStack gap="2" wrap="wrap">
          {QUICK_LINKS.map(([href, label]) => <Button key={href} asChild size="sm" variant="outline"><SpaAnchor href={href}>{label}</SpaAnchor></Button>)}
          {/* A server page (generated from /api/openapi.json), so a plain link. */}
          <Button asChild size="sm" variant="outline"><a href="/api/reference">API Reference</a></Button>
        </HStack>
      </Box>
      {categories.length === 0 ? (
        <Stack align="center" py="10" gap="3">
          <Text color="fg.muted">No articles match your search.</Text>
          <Button variant="outline" onClick={() => setSearch("")}>Clear Search</Button>
        </Stack>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="6">
          {categories.map((c) => (
            <Card.Root key={c.id} variant="outline" as="section" aria-labelledby={`docs-${c.id}`}>
              <Card.Header>
                <Heading as="h2" id={`docs-${c.id}`} size="lg">{c.title}</Heading>
                <Text color="fg.muted">{c.description}</Text>
              </Card.Header>
              <Card.Body>
                <Stack as="ul" gap="3" listStyleType="none">
                  {c.articles.map((a) => (
                    <HStack as="li" key={a.slug} justify="space-between" gap="3">
                      <Text>{a.title}</Text>
                      <Badge colorPalette={PALETTE[a.difficulty]} variant="solid" flexShrink="0">{a.difficulty}</Badge>
                    </HStack>
                  ))}
                </Stack>
              </Card.Body>
            </Card.Root>
          ))}
        </SimpleGrid>
      )}
      <Card.Root variant="subtle" mt="12">
        <Card.Body gap="3">
          <Heading as="h2" size="lg">Can't find what you need?</Heading>
          <HStack gap="2" wrap="wrap">
            <Button asChild variant="outline"><SpaAnchor href="/help">Visit the Help Center</SpaAnchor></Button>
            <Button asChild variant="outline"><SpaAnchor href="/contact">Contact us</SpaAnchor></Button>
            {communityChatUrl && <Button asChild variant="outline"><a href={communityChatUrl} target="_blank" rel="noopener noreferrer">Community Chat</a></Button>}
          </HStack>
        </Card.Body>
      </Card.Root>
    </InfoPage>
  );
}
