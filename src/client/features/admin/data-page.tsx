import { Button, HStack, Link, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { LuPencil } from "react-icons/lu";
import { ProviderLogo } from "../../components/provider-logo.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminPage } from "./admin-page.tsx";
import { AdminTable } from "./admin-table.tsx";
import { ActiveBadge } from "./badges.tsx";
import { formatDate } from "./format.ts";
import { ProviderEditDialog } from "./provider-edit-dialog.tsx";
import { TransferRulesSection } from "./transfer-rules-section.tsx";
import { UnusualPricesSection } from "./unusual-prices-section.tsx";
import type { AdminProvider } from "./types.ts";

const COLUMNS = ["Name", "Domain", "Website", "Status", "Created", "Actions"] as const;

/** Data Management: the service providers and their edit dialog, the unusual prices, and the transfer rules per TLD. */
export function DataPage() {
  const trpc = useTRPC();
  const providers = useQuery(trpc.providers.adminList.queryOptions());
  const [editing, setEditing] = useState<AdminProvider | null>(null);
  const [open, setOpen] = useState(false);
  // Bumped per opening: the dialog mounts fresh and starts from the stored values.
  const [opening, setOpening] = useState(0);
  const edit = (provider: AdminProvider) => {
    setEditing(provider);
    setOpening((n) => n + 1);
    setOpen(true);
  };

  return (
    <AdminPage title="Data Management" description="The service providers whose prices the product compares.">
      <AdminTable caption="Service providers" columns={COLUMNS} status={providers.status} isEmpty={!providers.data?.length}
        errorText={`Failed to load service providers${providers.error ? `: ${providers.error.message}` : ""}`}
        emptyText="No service providers yet">
        {providers.data?.map((p) => (
          <Table.Row key={p.id}>
            <Table.Cell>
              <HStack gap="3">
                <ProviderLogo name={p.name} logoUrl={p.logoUrl} size={28} />
                <Text fontWeight="medium">{p.name}</Text>
              </HStack>
            </Table.Cell>
            <Table.Cell>{p.domain}</Table.Cell>
            <Table.Cell>
              {p.website ? <Link href={p.website} target="_blank" rel="noopener noreferrer" color="blue.fg">{p.website.replace(/^https?:\/\//, "")}</Link> : "—"}
            </Table.Cell>
            <Table.Cell><ActiveBadge active={p.isActive} /></Table.Cell>
            <Table.Cell whiteSpace="nowrap">{formatDate(p.createdAt)}</Table.Cell>
            <Table.Cell>
              <Button size="xs" variant="outline" onClick={() => edit(p)} aria-label={`Edit ${p.name}`}>
                <LuPencil aria-hidden /> Edit
              </Button>
            </Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
      {editing && <ProviderEditDialog key={opening} provider={editing} open={open} onOpenChange={setOpen} />}
      <UnusualPricesSection />
      <TransferRulesSection />
    </AdminPage>
  );
}
