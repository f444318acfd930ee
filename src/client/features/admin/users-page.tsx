/**
 * Users: every account, 20 a page, searched by address or first name, with what each holds;
 * make or unmake an administrator, disable or enable sign-in, send a reset link; the
 * two-step requirement for administrators; and the audit log of every such action.
 */
import { Badge, Button, HStack, Switch, Table, Text } from "@chakra-ui/react";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { DebouncedSearchInput } from "../../components/debounced-search-input.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useAuth } from "../../lib/use-auth.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { AdminPage } from "./admin-page.tsx";
import { AdminPagination } from "./admin-pagination.tsx";
import { AdminTable } from "./admin-table.tsx";
import { formatDate, formatDateTime } from "./format.ts";

const PAGE_SIZE = 20;
const COLUMNS = ["E-mail", "Name", "Created", "Last sign-in", "Domains", "Accounts", "Two-step", "Role", "Sign-in", "Actions"] as const;
const AUDIT_COLUMNS = ["When", "Administrator", "Action", "User", "From"] as const;

export function UsersPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { user: me } = useAuth();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const [auditPage, setAuditPage] = useState(1);
  const users = useQuery({ ...trpc.adminUsers.list.queryOptions({ page, pageSize: PAGE_SIZE, search: search || undefined }), placeholderData: keepPreviousData });
  const audit = useQuery({ ...trpc.adminUsers.auditLog.queryOptions({ page: auditPage, pageSize: PAGE_SIZE }), placeholderData: keepPreviousData });
  const refresh = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.adminUsers.list.queryKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.adminUsers.auditLog.queryKey() });
  };
  const failed = (title: string) => (e: { message: string }) => notify({ type: "error", title, description: e.message });
  const setAdmin = useMutation(trpc.adminUsers.setAdmin.mutationOptions({ onSuccess: refresh, onError: failed("Could not change the role") }));
  const setDisabled = useMutation(trpc.adminUsers.setDisabled.mutationOptions({ onSuccess: refresh, onError: failed("Could not change sign-in") }));
  const sendReset = useMutation(trpc.adminUsers.sendResetLink.mutationOptions({
    onSuccess: (r) => {
      refresh();
      notify({ type: "success", title: "Reset link sent", description: `A link to choose a new password went to ${r.sentTo}.` });
    },
    onError: failed("Could not send a reset link"),
  }));
  const resetTwoFactor = useMutation(trpc.adminUsers.resetTwoFactor.mutationOptions({
    onSuccess: () => {
      refresh();
      notify({ type: "success", title: "Two-step sign-in reset", description: "The user was signed out everywhere and told by mail; they sign in with their password." });
    },
    onError: failed("Could not reset two-step sign-in"),
  }));
  const policy = useMutation(trpc.adminUsers.setTwoFactorPolicy.mutationOptions({ onSuccess: refresh, onError: failed("Could not change the requirement") }));
  const data = users.data;
  const busy = setAdmin.isPending || setDisabled.isPending || sendReset.isPending || resetTwoFactor.isPending;

  return (
    <AdminPage title="Users" description="Every account, what it holds, and what administrators did to it.">
      <HStack justify="space-between" wrap="wrap" gap="4">
        <DebouncedSearchInput label="Search users" placeholder="Search by e-mail or name..." value={search}
          onChange={(value) => { setSearch(value); setPage(1); }} />
        {data && (
          <Switch.Root colorPalette="blue" checked={data.requireTwoFactorForAdmins} disabled={policy.isPending}
            onCheckedChange={(e) => policy.mutate({ requireForAdmins: e.checked })}>
            <Switch.HiddenInput />
            <Switch.Control><Switch.Thumb /></Switch.Control>
            <Switch.Label>Require two-step sign-in for administrators</Switch.Label>
          </Switch.Root>
        )}
      </HStack>
      <AdminTable caption="Users" columns={COLUMNS} status={users.status} errorText={`Failed to load users${users.error ? `: ${users.error.message}` : ""}`}
        emptyText={search ? "No user matches this search" : "No users yet"} isEmpty={data?.users.length === 0} stale={users.isPlaceholderData}>
        {data?.users.map((u) => {
          const self = u.id === me?.id;
          return (
            <Table.Row key={u.id}>
              <Table.Cell>{u.email}</Table.Cell>
              <Table.Cell>{u.firstName ?? "—"}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{formatDate(u.createdAt)}</Table.Cell>
              <Table.Cell whiteSpace="nowrap">{u.lastSignInAt ? formatDateTime(u.lastSignInAt) : "Never"}</Table.Cell>
              <Table.Cell textAlign="end">{u.domainCount}</Table.Cell>
              <Table.Cell textAlign="end">{u.accountCount}</Table.Cell>
              <Table.Cell>{u.twoFactorEnabled ? <Badge colorPalette="green">On</Badge> : <Badge>Off</Badge>}</Table.Cell>
              <Table.Cell>{u.isAdmin ? <Badge colorPalette="purple">Admin</Badge> : "User"}</Table.Cell>
              <Table.Cell>{u.disabled ? <Badge colorPalette="red">Disabled</Badge> : <Badge colorPalette="green">Enabled</Badge>}</Table.Cell>
              <Table.Cell>
                <HStack gap="2" wrap="wrap">
                  <Button size="xs" variant="outline" disabled={busy} aria-label={`${u.isAdmin ? "Remove administrator" : "Make administrator"}: ${u.email}`}
                    onClick={() => setAdmin.mutate({ id: u.id, isAdmin: !u.isAdmin })}>{u.isAdmin ? "Remove admin" : "Make admin"}</Button>
                  {!self && (
                    <Button size="xs" variant="outline" colorPalette={u.disabled ? "green" : "red"} disabled={busy} aria-label={`${u.disabled ? "Enable" : "Disable"} sign-in: ${u.email}`}
                      onClick={() => setDisabled.mutate({ id: u.id, disabled: !u.disabled })}>{u.disabled ? "Enable" : "Disable"}</Button>
                  )}
                  <Button size="xs" variant="outline" disabled={busy || u.disabled || !data.mailConfigured} aria-label={`Send a reset link: ${u.email}`}
                    title={data.mailConfigured ? undefined : "This server cannot send e-mail: use npm run admin -- reset-password EMAIL"}
                    onClick={() => sendReset.mutate({ id: u.id })}>Send reset link</Button>
                  {u.twoFactorEnabled && (
                    <Button size="xs" variant="outline" colorPalette="red" disabled={busy} aria-label={`Reset two-step sign-in: ${u.email}`}
                      onClick={() => {
                        if (window.confirm(`Turn two-step sign-in off for ${u.email}? They are signed out everywhere, told by mail, and sign in with their password alone until they set it up again.`)) {
                          resetTwoFactor.mutate({ id: u.id });
                        }
                      }}>Reset two-step sign-in</Button>
                  )}
                </HStack>
              </Table.Cell>
            </Table.Row>
          );
        })}
      </AdminTable>
      {data && <AdminPagination page={data.page} limit={data.pageSize} total={data.total} totalPages={data.totalPages} onPageChange={setPage} />}
      <Text color="fg.muted" fontSize="sm">
        Disabling a user ends their sessions and revokes their API keys: enabling them again brings neither back. From a shell on the server,
        <code> npm run admin -- reset-2fa EMAIL</code> resets two-step sign-in too.
      </Text>
      {data && !data.mailConfigured && (
        <Text color="fg.muted" fontSize="sm">This server cannot send e-mail. To give someone a reset link, run <code>npm run admin -- reset-password EMAIL</code> on the server.</Text>
      )}

      <AdminTable caption="Audit log" columns={AUDIT_COLUMNS} status={audit.status} errorText={`Failed to load the audit log${audit.error ? `: ${audit.error.message}` : ""}`}
        emptyText="No administrator has acted on a user yet" isEmpty={audit.data?.entries.length === 0} stale={audit.isPlaceholderData}>
        {audit.data?.entries.map((e) => (
          <Table.Row key={e.id}>
            <Table.Cell whiteSpace="nowrap">{formatDateTime(e.createdAt)}</Table.Cell>
            <Table.Cell>{e.actorEmail}</Table.Cell>
            <Table.Cell>{e.description}</Table.Cell>
            <Table.Cell>{e.targetEmail ?? "—"}</Table.Cell>
            <Table.Cell fontFamily="mono">{e.ip ?? "—"}</Table.Cell>
          </Table.Row>
        ))}
      </AdminTable>
      {audit.data && audit.data.total > PAGE_SIZE && (
        <AdminPagination page={audit.data.page} limit={audit.data.pageSize} total={audit.data.total} totalPages={audit.data.totalPages} onPageChange={setAuditPage} />
      )}
    </AdminPage>
  );
}
