/** The registrar page's price history: one TLD at a time, chosen from the TLDs it prices. */
import { Field, NativeSelect, Stack } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { useMemo, useState } from "react";
import { toCurrentQuote } from "../../components/price-history/current-quotes.ts";
import { PriceHistorySection } from "../../components/price-history/price-history-section.tsx";
import { useTRPC, type RouterOutputs } from "../../lib/trpc.ts";

type Row = RouterOutputs["providers"]["prices"][number];

/** Asks for the registrar's whole price list (the TLDs to choose from), then shows the history. */
export function RegistrarHistory({ provider, currency }: { provider: { id: number; name: string }; currency: string }) {
  const trpc = useTRPC();
  const pricesQuery = useQuery(trpc.providers.prices.queryOptions({ id: provider.id, currency }));
  if (!pricesQuery.data?.length) return null;
  return <HistoryOfChosenTld provider={provider} rows={pricesQuery.data} currency={currency} />;
}

function HistoryOfChosenTld({ provider, rows, currency }: { provider: { id: number; name: string }; rows: readonly Row[]; currency: string }) {
  const trpc = useTRPC();
  const [chosen, setChosen] = useState(() => (rows.some((r) => r.tld.name === "com") ? "com" : (rows[0]?.tld.name ?? "")));
  const historyQuery = useQuery({ ...trpc.prices.historyByTld.queryOptions({ tldId: chosen, currency }), enabled: chosen !== "" });
  const row = rows.find((r) => r.tld.name === chosen);
  const history = useMemo(() => historyQuery.data?.filter((h) => h.serviceProviderId === provider.id), [historyQuery.data, provider.id]);
  const current = useMemo(() => (row ? [toCurrentQuote(row, provider)] : []), [row, provider]);
  const label = row ? `.${row.tld.unicodeName ?? row.tld.name}` : `.${chosen}`;
  return (
    <Stack gap="3">
      <Field.Root maxW="xs">
        <Field.Label>TLD shown in the price history</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={chosen} onChange={(e) => setChosen(e.currentTarget.value)}>
            {rows.map((r) => (
              <option key={r.tld.id} value={r.tld.name}>
                .{r.tld.unicodeName ?? r.tld.name}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <PriceHistorySection
        label={`${provider.name} price history of ${label}`}
        history={history}
        current={current}
        displayCurrency={currency}
        status={historyQuery.isError ? "error" : history ? "success" : "pending"}
      />
    </Stack>
  );
}
