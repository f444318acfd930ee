import { Button, Container, Heading, Input, Link, NativeSelect, Spinner, Stack, Table, Text, Wrap } from "@chakra-ui/react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { FormField } from "../../components/form/form-field.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { SecretShownOnce } from "../../components/secret-shown-once.tsx";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { isUnauthorizedError } from "../../lib/unauthorized.ts";
import { formatUtcDay } from "../../../shared/price-format.ts";
import { apiKeyCreateSchema, type ApiKeyScope } from "../../../shared/schemas/api-key.ts";
import { RevokeKeyDialog, type ListedKey } from "./revoke-key-dialog.tsx";

/** The day, as the rest of the site writes it ("Nov 23, 2026"); a key never used says so. */
const formatDay = (value: string | Date | null) => (value ? formatUtcDay(new Date(value).toISOString()) : null) ?? "Never";

const SCOPE_LABELS: Record<ApiKeyScope, string> = { read: "Read only", write: "Read and write" };
const scopeLabel = (scope: string) => SCOPE_LABELS[scope as ApiKeyScope] ?? SCOPE_LABELS.read;

/** A signed-in user's API keys: make one (its secret shown once), see them, revoke them. */
export function ApiKeysPage() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const keys = useQuery(trpc.apiKeys.list.queryOptions());
  // A single sign-on account has no password here: the server asks for a recent sign-in instead.
  const hasPassword = useQuery(trpc.account.overview.queryOptions()).data?.hasPassword !== false;
  const [created, setCreated] = useState<{ name: string; key: string } | null>(null);
  const [revoking, setRevoking] = useState<ListedKey | null>(null);
  const [revokeOpen, setRevokeOpen] = useState(false);
  const create = useMutation(trpc.apiKeys.create.mutationOptions({
    onSuccess: (result) => {
      setCreated({ name: result.name, key: result.key });
      void queryClient.invalidateQueries({ queryKey: trpc.apiKeys.list.queryKey() });
    },
    onError: (error) => {
      if (!isUnauthorizedError(error)) notify({ type: "error", title: "Error", description: `Failed to create API key. ${error.message}` });
    },
  }));

  const { form, pending, onSubmit, reset } = useSchemaForm({
    defaultValues: { name: "", scope: "read", password: "" },
    schema: apiKeyCreateSchema,
    submit: (input) => create.mutateAsync(hasPassword ? input : { ...input, password: undefined }),
    onSaved: () => reset(),
  });

  return (
    <Container maxW="5xl" py="10">
      <Stack gap="6">
        <Heading as="h1" size="2xl">API keys</Heading>
        <Text color="fg.muted">
          Send a key as <code>Authorization: Bearer &lt;key&gt;</code>; each key may make 1,000 requests an hour. Any key reads the price data.
          On your own portfolio, renewal forecast, watched TLDs and notification settings a key acts as you: a read-only key can list them,
          a read and write key can also add, change and remove. See the <Link href="/api/reference">API reference</Link>. Making a key asks
          for your password and is told to you by mail; changing or resetting your password revokes your keys unless you choose to keep them.
        </Text>
        <form onSubmit={onSubmit} noValidate>
          <Wrap align="end" gap="3">
            <form.Field name="name">
              {(field) => (
                <FormField field={field} label="Key name" maxW="sm">
                  <Input value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} placeholder="e.g. Nightly price report" maxLength={100} />
                </FormField>
              )}
            </form.Field>
            <form.Field name="scope">
              {(field) => (
                <FormField field={field} label="Access to your own data" maxW="xs">
                  <NativeSelect.Root>
                    <NativeSelect.Field name="scope" value={field.state.value} onChange={(e) => field.handleChange(e.currentTarget.value)}>
                      <option value="read">{SCOPE_LABELS.read}</option>
                      <option value="write">{SCOPE_LABELS.write}</option>
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </FormField>
              )}
            </form.Field>
            {hasPassword && (
              <form.Field name="password">
                {(field) => (
                  <FormField field={field} label="Current password" maxW="xs">
                    <Input type="password" autoComplete="current-password" value={field.state.value ?? ""} onChange={(e) => field.handleChange(e.target.value)} />
                  </FormField>
                )}
              </form.Field>
            )}
            <Button type="submit" colorPalette="blue" disabled={pending}>{pending ? "Creating…" : "Create key"}</Button>
          </Wrap>
        </form>
        {/* The server keeps only the key's hash, so this is the one showing. */}
        {created && (
          <SecretShownOnce title={<>Key "{created.name}" created. Copy it now: it will not be shown again.</>}
            label="Your new API key" copyLabel="Copy API key" secret={created.key} />
        )}
        {keys.isPending ? <Spinner aria-label="Loading API keys" /> : keys.isError ? (
          <Text color="fg.error">Could not load your API keys. {keys.error.message}</Text>
        ) : keys.data.length === 0 ? (
          <Text>You have no API keys yet.</Text>
        ) : (
          <Table.Root size="sm" aria-label="Your API keys">
            <Table.Header><Table.Row>
              <Table.ColumnHeader>Name</Table.ColumnHeader><Table.ColumnHeader>Key</Table.ColumnHeader><Table.ColumnHeader>Access</Table.ColumnHeader>
              <Table.ColumnHeader>Created</Table.ColumnHeader><Table.ColumnHeader>Last used</Table.ColumnHeader><Table.ColumnHeader />
            </Table.Row></Table.Header>
            <Table.Body>
              {keys.data.map((k) => (
                <Table.Row key={k.id}>
                  <Table.Cell>{k.name}</Table.Cell>
                  <Table.Cell fontFamily="mono">{k.prefix}…</Table.Cell>
                  <Table.Cell>{scopeLabel(k.scope)}</Table.Cell>
                  <Table.Cell>{formatDay(k.createdAt)}</Table.Cell>
                  <Table.Cell>{formatDay(k.lastUsedAt)}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button size="xs" variant="outline" colorPalette="red" aria-label={`Revoke ${k.name}`}
                      onClick={() => { setRevoking(k); setRevokeOpen(true); }}>Revoke</Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        )}
      </Stack>
      <RevokeKeyDialog apiKey={revoking} open={revokeOpen} onOpenChange={setRevokeOpen} />
    </Container>
  );
}
