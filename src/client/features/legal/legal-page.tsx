import { Box, Heading, Stack, Text } from "@chakra-ui/react";
import { InfoPage } from "../../components/info-page.tsx";

/** When each legal text last changed. */
export const LAST_UPDATED = { privacy: "December 7, 2026", terms: "September 14, 2025" } as const;

export interface LegalSection {
  id: string;
  title: string;
  paragraphs: readonly string[];
}

/** A legal text with a table of contents of in-page anchors. */
export function LegalPage({ title, intro, sections, updated }: { title: string; intro: string; sections: readonly LegalSection[]; updated: string }) {
  return (
    <InfoPage title={title} intro={intro} maxW="4xl">
      <Text color="fg.muted" mb="6">Last updated {updated}</Text>
      <Box as="nav" aria-label="Contents" borderWidth="1px" rounded="lg" p="4" mb="10">
        <Heading as="h2" size="md" mb="2">Contents</Heading>
        <Stack as="ol" ps="5" gap="1" listStyleType="decimal" css={{ "& a": { color: "blue.fg", textDecoration: "underline" } }}>
          {sections.map((s) => <li key={s.id}><a href={`#${s.id}`}>{s.title}</a></li>)}
        </Stack>
      </Box>
      <Stack gap="8">
        {sections.map((s) => (
          <Box as="section" key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} scrollMarginTop="20">
            <Heading as="h2" id={`${s.id}-title`} size="xl" mb="3">{s.title}</Heading>
            <Stack gap="3">{s.paragraphs.map((p) => <Text key={p}>{p}</Text>)}</Stack>
          </Box>
        ))}
      </Stack>
    </InfoPage>
  );
}
