import { Badge, Box, Button, Heading, HStack, Input, Stack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useState, type FormEvent } from "react";
import { useTRPC } from "../../lib/trpc.ts";
import type { CertificateView, MonitoringView } from "./types.ts";
import { day, daysLeftWords, moment, reasonWords, yesNo } from "./words.ts";

function StateBadge({ cert }: { cert: CertificateView }) {
  if (cert.state === "not_checked") return <Badge>Not checked yet</Badge>;
  if (cert.state === "valid") return <Badge colorPalette={cert.daysLeft !== null && cert.daysLeft <= 14 ? "orange" : "green"}>Valid</Badge>;
  return <Badge colorPalette="red">{reasonWords(cert.reason)}</Badge>;
}

function useRefresh(id: number) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return (data: MonitoringView) => queryClient.setQueryData(trpc.monitoring.get.queryKey({ id }), data);
}

function AddHostForm({ view }: { view: MonitoringView }) {
  const trpc = useTRPC();
  const refresh = useRefresh(view.domainId);
  const [host, setHost] = useState("");
  const [port, setPort] = useState("443");
  const add = useMutation(trpc.monitoring.addHost.mutationOptions({
    onSuccess: (data) => {
      refresh(data);
      setHost("");
      setPort("443");
    },
  }));
  const extra = view.certificates.filter((c) => c.hostId !== null).length;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ id: view.domainId, host, port: Number(port) });
  };
  return (
    <form onSubmit={submit} aria-label="Watch another host">
      <HStack align="end" gap="2" wrap="wrap">
        <Box>
          <label htmlFor="monitor-host"><Text as="span" fontSize="sm">Host name</Text></label>
          <Input id="monitor-host" size="sm" value={host} placeholder={`shop.${view.domainName}`} onChange={(e) => setHost(e.target.value)} />
        </Box>
        <Box width="24">
          <label htmlFor="monitor-port"><Text as="span" fontSize="sm">Port</Text></label>
          <Input id="monitor-port" size="sm" inputMode="numeric" value={port} onChange={(e) => setPort(e.target.value)} />
        </Box>
        <Button size="sm" type="submit" loading={add.isPending} disabled={extra >= view.maxHosts}>Watch host</Button>
      </HStack>
      {add.error && <Text role="alert" color="fg.error" fontSize="sm" mt="1">{add.error.message}</Text>}
      <Text fontSize="xs" color="fg.muted" mt="1">{extra} of {view.maxHosts} extra hosts watched.</Text>
    </form>
  );
}

function RemoveButton({ view, cert }: { view: MonitoringView; cert: CertificateView }) {
  const trpc = useTRPC();
  const refresh = useRefresh(view.domainId);
  const remove = useMutation(trpc.monitoring.removeHost.mutationOptions({ onSuccess: refresh }));
  if (cert.hostId === null) return null;
  return (
    <Button size="xs" variant="outline" loading={remove.isPending} aria-label={`Stop watching ${cert.host} port ${cert.port}`}
      onClick={() => remove.mutate({ id: view.domainId, hostId: cert.hostId! })}>
      Remove
    </Button>
  );
}

/** Each watched host's certificate: issuer, end date with days left, whether it covers the name and is trusted, the failure in words. */
export function CertificatesSection({ view }: { view: MonitoringView }) {
  return (
    <Stack as="section" aria-labelledby="certificates-heading" gap="3">
      <Heading as="h2" size="md" id="certificates-heading">Certificates</Heading>
      <Table.ScrollArea>
        <Table.Root size="sm">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>Host</Table.ColumnHeader>
              <Table.ColumnHeader>State</Table.ColumnHeader>
              <Table.ColumnHeader>Issuer</Table.ColumnHeader>
              <Table.ColumnHeader>Valid until</Table.ColumnHeader>
              <Table.ColumnHeader>Covers the name</Table.ColumnHeader>
              <Table.ColumnHeader>Trusted</Table.ColumnHeader>
              <Table.ColumnHeader>Checked</Table.ColumnHeader>
              <Table.ColumnHeader />
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {view.certificates.map((cert) => (
              <Table.Row key={`${cert.host}:${cert.port}`} aria-label={`${cert.host}:${cert.port}`}>
                <Table.Cell>{cert.host}:{cert.port}</Table.Cell>
                <Table.Cell>
                  <StateBadge cert={cert} />
                  {cert.detail && <Text fontSize="xs" color="fg.muted">{cert.detail}</Text>}
                </Table.Cell>
                <Table.Cell>{cert.issuer ?? "—"}</Table.Cell>
                <Table.Cell>{day(cert.validTo)} {cert.validTo && <Text as="span" fontSize="xs" color="fg.muted">({daysLeftWords(cert.daysLeft)})</Text>}</Table.Cell>
                <Table.Cell>{yesNo(cert.coversName)}</Table.Cell>
                <Table.Cell>{yesNo(cert.trusted)}</Table.Cell>
                <Table.Cell>{moment(cert.checkedAt)}</Table.Cell>
                <Table.Cell><RemoveButton view={view} cert={cert} /></Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      <AddHostForm view={view} />
    </Stack>
  );
}
