import { Button, Container, SimpleGrid, Skeleton, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuPlus } from "react-icons/lu";
import { PageHeader } from "../../components/page-header.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { AccountCard } from "./account-card.tsx";
import { AddAccountDialog } from "./add-account-dialog.tsx";
import { DeleteAccountDialog } from "./delete-account-dialog.tsx";
import type { RegistrarAccount } from "./types.ts";

const GRID_COLUMNS = { base: 1, md: 2, xl: 3 };

export function AccountsPage() {
  usePageTitle("Registrar Accounts");
  const trpc = useTRPC();
  const list = useQuery(trpc.accounts.list.queryOptions());
  const [adding, setAdding] = useState(false);
  // Kept after closing so the dialog's text does not go blank during its exit animation.
  const [deleting, setDeleting] = useState<{ account: RegistrarAccount; open: boolean } | null>(null);
  const accounts = list.data ?? [];

  let body;
  if (list.isPending) {
    body = (
      <SimpleGrid columns={GRID_COLUMNS} gap="4" aria-busy>
        {Array.from({ length: 3 }, (_, i) => <Skeleton key={i} h="56" rounded="lg" data-testid="account-skeleton" />)}
      </SimpleGrid>
    );
  } else if (list.isError) {
    body = <Text color="fg.error" role="alert">Failed to load accounts. Please try again later.</Text>;
  } else if (accounts.length === 0) {
    body = (
      <Stack align="center" textAlign="center" gap="4" py="16" borderWidth="1px" borderStyle="dashed" rounded="lg">
        <Text color="fg.muted" fontSize="lg">No accounts connected</Text>
        <Button colorPalette="blue" onClick={() => setAdding(true)}><LuPlus aria-hidden /> Add Your First Account</Button>
      </Stack>
    );
  } else {
    body = (
      <SimpleGrid as="ul" columns={GRID_COLUMNS} gap="4">
        {accounts.map((a) => <AccountCard key={a.id} account={a} onDelete={(account) => setDeleting({ account, open: true })} />)}
      </SimpleGrid>
    );
  }

  return (
    <Container maxW="7xl" py={{ base: "6", md: "10" }}>
      <PageHeader title="Registrar Accounts" description="Connect your registrar accounts to bring their domains into your portfolio.">
        <Button colorPalette="blue" size="sm" onClick={() => setAdding(true)}><LuPlus aria-hidden /> Add Account</Button>
      </PageHeader>
      {body}
      <AddAccountDialog open={adding} onOpenChange={setAdding} />
      <DeleteAccountDialog account={deleting?.account ?? null} open={deleting?.open ?? false}
        onOpenChange={(open) => setDeleting((d) => d && { ...d, open })} />
    </Container>
  );
}
