import { Badge, Box, Button, Card, Code, Heading, HStack, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { InfoPage } from "../../components/info-page.tsx";
import { useSiteOrigin } from "../../lib/site-origin.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { SpaAnchor } from "../../components/spa-anchor.tsx";

function Snippet({ label, children }: { label: string; children: string }) {
  return (
    <Box>
      <Text fontSize="sm" fontWeight="semibold" mb="1">{label}</Text>
      <Code display="block" whiteSpace="pre-wrap" p="3" rounded="md" fontSize="sm">{children}</Code>
    </Box>
  );
}

export function ApiAccessPage() {
  const base = `${useSiteOrigin()}/api`;
  // The endpoints /api/openapi.json documents, so this list and the reference never differ.
  const endpoints = useQuery(useTRPC().apiDocs.endpoints.queryOptions());
  return (
    <InfoPage title="API Access" intro="Read domain prices, TLDs and registrars as JSON from the same API this site uses.">
      <Card.Root variant="outline" mb="10">
        <Card.Header><Heading as="h2" size="lg">Quick start</Heading></Card.Header>
        <Card.Body gap="4">
          <Snippet label="Base URL">{base}</Snippet>
          <Snippet label="Example request">{`curl "${base}/domain-prices?limit=5&sortBy=registrationPrice"`}</Snippet>
          <Text color="fg.muted">
            The endpoints below (the ones the <a href="/api/openapi.json">OpenAPI document</a> describes) are public: no key is needed. With an API key, sent as
            {" "}<Code>Authorization: Bearer &lt;key&gt;</Code>, a program may make 1,000 requests an hour, reported in
            {" "}<Code>X-RateLimit-*</Code> headers. Answers carry an <Code>ETag</Code> for revalidation. Errors come back as JSON
            {" "}<Code>{`{ "message": "…", "issues": [{ "field": "…", "message": "…" }] }`}</Code>{" "}
            with a matching HTTP status (400 for a bad parameter, 404 for an unknown TLD or registrar).
          </Text>
        </Card.Body>
      </Card.Root>
      <Heading as="h2" size="xl" mb="4">Endpoints</Heading>
      {endpoints.isPending && <Skeleton h="48" rounded="lg" mb="10" />}
      {endpoints.isError && <Text color="fg.error" mb="10">The endpoint list did not load: {endpoints.error.message}. The API Reference below lists them too.</Text>}
      {/* Descriptions and parameter lists wrap, so the table fits the page instead of scrolling. */}
      {endpoints.data && <Table.ScrollArea borderWidth="1px" rounded="lg" mb="10">
        <Table.Root size="sm" whiteSpace="normal">
          <Table.Header><Table.Row>
            <Table.ColumnHeader>Endpoint</Table.ColumnHeader><Table.ColumnHeader>What it returns</Table.ColumnHeader><Table.ColumnHeader>Parameters</Table.ColumnHeader>
          </Table.Row></Table.Header>
          <Table.Body>
            {endpoints.data.map((e) => (
              <Table.Row key={e.path}>
                <Table.Cell whiteSpace="nowrap"><HStack gap="2"><Badge colorPalette="green" variant="solid">{e.method}</Badge><Code>{e.path}</Code></HStack></Table.Cell>
                <Table.Cell>{e.description}</Table.Cell>
                <Table.Cell fontSize="sm" color="fg.muted">{e.parameters.length > 0 ? e.parameters.join(", ") : "none"}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>}
      <Stack direction={{ base: "column", sm: "row" }} gap="3">
        <Button asChild colorPalette="blue"><SpaAnchor href="/api-keys">Get API Key</SpaAnchor></Button>
        <Button asChild variant="outline"><a href="/api/reference">API Reference</a></Button>
        <Button asChild variant="outline"><SpaAnchor href="/documentation">View Full Documentation</SpaAnchor></Button>
        <Button asChild variant="outline"><SpaAnchor href="/contact">Ask about the API</SpaAnchor></Button>
      </Stack>
    </InfoPage>
  );
}
