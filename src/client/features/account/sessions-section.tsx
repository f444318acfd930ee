import { Badge, Button, HStack, Table, Text } from "@chakra-ui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { SectionCard } from "../../components/section-card.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { formatWhen, type AccountSession } from "./account-types.ts";

/** Where the account is signed in, with sign-out per session and everywhere else. */
export function SessionsSection({ sessions }: { sessions: AccountSession[] }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: trpc.account.overview.queryKey() });
  const onError = (e: { message: string }) => notify({ type: "error", title: "Could not sign out", description: e.message });
  const one = useMutation(trpc.account.signOutSession.mutationOptions({
    onSuccess: (r) => {
      if (r.current) window.location.assign("/");
      else refresh();
    },
    onError,
  }));
  const others = useMutation(trpc.account.signOutOtherSessions.mutationOptions({
    onSuccess: (r) => {
      refresh();
      notify({ type: "success", title: "Signed out everywhere else", description: `${r.ended} other session${r.ended === 1 ? "" : "s"} ended.` });
    },
    onError,
  }));
  return (
    <SectionCard title="Where you are signed in">
      <Table.Root size="sm" aria-label="Active sessions">
        <Table.Header><Table.Row>
          <Table.ColumnHeader>Device</Table.ColumnHeader><Table.ColumnHeader>Address</Table.ColumnHeader>
          <Table.ColumnHeader>Last seen</Table.ColumnHeader><Table.ColumnHeader>Signed in</Table.ColumnHeader><Table.ColumnHeader />
        </Table.Row></Table.Header>
        <Table.Body>
          {sessions.map((s) => (
            <Table.Row key={s.id}>
              <Table.Cell>{s.device} {s.current && <Badge colorPalette="green">This device</Badge>}</Table.Cell>
              <Table.Cell fontFamily="mono">{s.ip ?? "Unknown"}</Table.Cell>
              <Table.Cell>{formatWhen(s.lastSeenAt)}</Table.Cell>
              <Table.Cell>{formatWhen(s.createdAt)}</Table.Cell>
              <Table.Cell textAlign="end">
                <Button size="xs" variant="outline" onClick={() => one.mutate({ id: s.id })} disabled={one.isPending} aria-label={`Sign out ${s.device}${s.current ? " (this device)" : ""}`}>Sign out</Button>
              </Table.Cell>
            </Table.Row>
          ))}
        </Table.Body>
      </Table.Root>
      {sessions.length > 1 ? (
        <HStack><Button variant="outline" colorPalette="red" onClick={() => others.mutate()} disabled={others.isPending}>Sign out everywhere else</Button></HStack>
      ) : <Text color="fg.muted">This is the only device signed in.</Text>}
    </SectionCard>
  );
}
