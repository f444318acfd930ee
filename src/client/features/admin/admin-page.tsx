import { Flex, Heading, HStack, Stack, Switch, Text } from "@chakra-ui/react";
import type { ReactNode } from "react";
import { usePageTitle } from "../../lib/use-page-title.ts";

interface AdminPageProps {
  title: string;
  description?: string;
  /** Buttons and switches at the right of the title. */
  actions?: ReactNode;
  children: ReactNode;
}

/** One admin screen: its document title, an h1 with a line under it, and the page's own actions. */
export function AdminPage({ title, description, actions, children }: AdminPageProps) {
  usePageTitle(title);
  return (
    <Stack gap="6">
      <Flex gap="4" justify="space-between" align={{ base: "stretch", md: "center" }} direction={{ base: "column", md: "row" }}>
        <div>
          <Heading as="h1" size="2xl">{title}</Heading>
          {description && <Text color="fg.muted" mt="1">{description}</Text>}
        </div>
        {actions && <HStack gap="4" wrap="wrap">{actions}</HStack>}
      </Flex>
      {children}
    </Stack>
  );
}

/** The auto-refresh switch of the Overview and Logs pages. */
export function AutoRefreshSwitch({ seconds, checked, onChange }: { seconds: number; checked: boolean; onChange: (on: boolean) => void }) {
  return (
    <Switch.Root colorPalette="blue" checked={checked} onCheckedChange={(e) => onChange(e.checked)}>
      <Switch.HiddenInput />
      <Switch.Control><Switch.Thumb /></Switch.Control>
      <Switch.Label>Auto-refresh ({seconds} s)</Switch.Label>
    </Switch.Root>
  );
}
