/**
 * "Renewal forecast" on the portfolio page: what the next twelve months' automatic renewals cost
 * per month at your registrars and at the cheapest renewals, as the server worked it out
 * (server/features/portfolio/forecast.ts) in the display currency. A bar chart beside a table of
 * the same figures; each month's row opens to its registrars. Domains whose auto-renew nobody
 * has said are summed apart, "expected if it renews". The domains the totals leave out are named
 * with why; one CSV download holds every figure, another each domain's own.
 */
import { Box, Button, Card, Flex, Heading, SimpleGrid, Skeleton, Stack, Table, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense, useMemo, useState } from "react";
import { LuChevronDown, LuChevronRight, LuDownload } from "react-icons/lu";
import { stackedRowsCss } from "../../components/plain-table-css.ts";
import { StaleBadge, useStaleExplanation } from "../../components/price-freshness.tsx";
import { RenderWhenNear } from "../../components/render-when-near.tsx";
import { formatCount } from "../../lib/text-format.ts";
import { useTRPC } from "../../lib/trpc.ts";
import { formatDay, formatMonth, formatTotal } from "./format.ts";
import type { RenewalForecast } from "./types.ts";

const RenewalForecastChart = lazy(() => import("./renewal-forecast-chart.tsx"));

export const FORECAST_CSV_PATH = "/api/user-domains/forecast.csv";
export const FORECAST_DOMAINS_CSV_PATH = "/api/user-domains/forecast-domains.csv";
/** Names listed per reason a domain is left out; the CSV lists them all. */
const NAMES_SHOWN = 10;

type Cell = RenewalForecast["total"];
type Month = RenewalForecast["months"][number];
type LeftOut = RenewalForecast["notInTotals"][number];

// On a phone each month (and each registrar under it) is a card of labelled figures.
// A month with nothing renewing is one line: its name, then "Nothing renews".
const TABLE_CSS = stackedRowsCss({ "& tr[data-registrar]": { ps: "6" }, "& tr[data-empty] > td": { display: "inline-block", me: "3" } });
const TABLE_ROW_CSS = {
  "& tr[data-registrar] td": { bg: "bg.subtle" },
  "& tr[data-if-renews] td": { color: "fg.muted", fontStyle: "italic" },
  "& tr[data-if-renews] td:first-of-type": { ps: "8" },
  "& tr[data-registrar] td:first-of-type": { ps: "8" },
  "& tr[data-total] td": { fontWeight: "semibold", borderTopWidth: "2px" },
};

const domainsText = (n: number) => `${formatCount(n)} ${n === 1 ? "domain" : "domains"}`;

function reasonText(reason: LeftOut["reason"], currency: string): string {
  if (reason === "noExpiryDate") return "No expiry date";
  if (reason === "departed") return "No longer in its registrar account";
  if (reason === "autoRenewOff") return "Auto-renew is off";
  if (reason === "noRegistrarPrice") return "No renewal price at its registrar";
  return `No exchange rate into ${currency}`;
}

/** The older of a cell's two quote dates: every figure in the row is at least this fresh. */
function CheckedCell({ cell, explanation }: { cell: Cell; explanation: string }) {
  const dates = [cell.registrarPriceCheckedAt, cell.cheapestPriceCheckedAt].filter((d): d is string => d !== null).sort();
  if (dates.length === 0) return <td data-label="Prices checked">—</td>;
  return (
    <td data-label="Prices checked">
      {formatDay(dates[0])}
      {(cell.registrarPriceIsStale || cell.cheapestPriceIsStale) && <> <StaleBadge explanation={explanation} /></>}
    </td>
  );
}

function Figures({ cell, currency, explanation }: { cell: Cell; currency: string; explanation: string }) {
  return (
    <>
      <td data-num="" data-label="Domains">{formatCount(cell.domains)}</td>
      <td data-num="" data-label="At your registrars">{formatTotal(cell.atRegistrar, currency)}</td>
      <td data-num="" data-label="At the cheapest">{formatTotal(cell.atCheapest, currency)}</td>
      <td data-num="" data-label="Difference">{formatTotal(cell.difference, currency)}</td>
      <CheckedCell cell={cell} explanation={explanation} />
    </>
  );
}

/** The month's (or the twelve months') domains whose auto-renew is unknown, priced as if they renew: not in the figures above it. */
function IfRenewsRow({ cell, currency, explanation }: { cell: Cell; currency: string; explanation: string }) {
  if (cell.domains === 0) return null;
  return (
    <tr data-if-renews="">
      <td>Expected if it renews</td>
      <Figures cell={cell} currency={currency} explanation={explanation} />
    </tr>
  );
}

function MonthRows({ month, currency, explanation }: { month: Month; currency: string; explanation: string }) {
  const [open, setOpen] = useState(false);
  const label = formatMonth(month.month);
  const id = `forecast-${month.month}`;
  if (month.domains === 0) {
    return (
      <>
        <tr data-empty="">
          <td>{label}</td>
          <td colSpan={5}><Text as="span" fontSize="xs" color="fg.muted">Nothing renews automatically</Text></td>
        </tr>
        <IfRenewsRow cell={month.ifRenews} currency={currency} explanation={explanation} />
      </>
    );
  }
  return (
    <>
      <tr>
        <td>
          <Button variant="plain" size="sm" px="0" h="auto" aria-expanded={open} aria-controls={open ? id : undefined} onClick={() => setOpen((o) => !o)}>
            {open ? <LuChevronDown aria-hidden /> : <LuChevronRight aria-hidden />}{label}
          </Button>
        </td>
        <Figures cell={month} currency={currency} explanation={explanation} />
      </tr>
      {open && month.registrars.map((r, i) => (
        <tr key={r.serviceProvider.id} data-registrar="" id={i === 0 ? id : undefined}>
          <td>{r.serviceProvider.name}</td>
          <Figures cell={r} currency={currency} explanation={explanation} />
        </tr>
      ))}
      <IfRenewsRow cell={month.ifRenews} currency={currency} explanation={explanation} />
    </>
  );
}

function ForecastTable({ forecast, explanation }: { forecast: RenewalForecast; explanation: string }) {
  const { currency } = forecast;
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" css={{ ...TABLE_CSS, ...TABLE_ROW_CSS }}>
        <Table.Caption srOnly>{`Renewal cost per month in ${currency}; open a month to see its registrars`}</Table.Caption>
        <Table.Header>
          <Table.Row>
            {["Month", "Domains", "At your registrars", "At the cheapest", "Difference", "Prices checked"].map((label, i) => (
              <Table.ColumnHeader key={label} textAlign={i >= 1 && i <= 4 ? "end" : "start"}>{label}</Table.ColumnHeader>
            ))}
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {forecast.months.map((m) => <MonthRows key={m.month} month={m} currency={currency} explanation={explanation} />)}
          <tr data-total="">
            <td>12 months</td>
            <Figures cell={forecast.total} currency={currency} explanation={explanation} />
          </tr>
          <IfRenewsRow cell={forecast.ifRenews} currency={currency} explanation={explanation} />
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}

/** Who is left out of the totals and why, a few names per reason. */
function LeftOutList({ forecast }: { forecast: RenewalForecast }) {
  const groups = useMemo(() => {
    const byReason = new Map<LeftOut["reason"], LeftOut[]>();
    for (const d of forecast.notInTotals) byReason.set(d.reason, [...(byReason.get(d.reason) ?? []), d]);
    return [...byReason];
  }, [forecast.notInTotals]);
  const count = forecast.notInTotals.length;
  if (count === 0) return null;
  return (
    <Box as="section" aria-label="Not in the totals" borderWidth="1px" rounded="md" p="3" bg="bg.subtle">
      <Text fontWeight="medium">{domainsText(count)} that may renew in these months {count === 1 ? "is" : "are"} not in the totals:</Text>
      <Stack as="ul" gap="1" mt="2" fontSize="sm">
        {groups.map(([reason, domains]) => (
          <Text as="li" key={reason} listStyleType="none" wordBreak="break-word">
            <Text as="span" fontWeight="medium">{reasonText(reason, forecast.currency)} ({formatCount(domains.length)}):</Text>{" "}
            {domains.slice(0, NAMES_SHOWN).map((d) => d.unicodeName ?? d.domainName).join(", ")}
            {domains.length > NAMES_SHOWN && ` and ${formatCount(domains.length - NAMES_SHOWN)} more (all in the CSV)`}
          </Text>
        ))}
      </Stack>
    </Box>
  );
}

/** The portfolio's yearly cost beside the months' totals, and the sentence that reconciles the two (the summary's, word for word). */
function YearBeside({ forecast }: { forecast: RenewalForecast }) {
  const year = forecast.yearOfEveryDomain;
  return (
    <Box as="section" aria-label="The year and the months" borderWidth="1px" rounded="md" p="3" fontSize="sm">
      <Text>
        A year of every domain: <strong>{formatTotal(year.amount, forecast.currency)}</strong>{" "}
        (one renewal of each domain at its registrar, whenever it falls due).
      </Text>
      <Text color="fg.muted" mt="1">{forecast.reconciliation}</Text>
    </Box>
  );
}

function ForecastBody({ forecast }: { forecast: RenewalForecast }) {
  const explanation = useStaleExplanation();
  const { currency, total } = forecast;
  const period = `${formatDay(forecast.from)} to ${formatDay(forecast.until)}`;
  const rows = useMemo(() => forecast.months.map((m) => ({
    month: formatMonth(m.month), atRegistrar: Number(m.atRegistrar), atCheapest: Number(m.atCheapest),
  })), [forecast.months]);
  const outside = [
    forecast.expiredCount > 0 ? `${domainsText(forecast.expiredCount)} already expired` : null,
    forecast.laterCount > 0 ? `${domainsText(forecast.laterCount)} expiring after ${formatDay(forecast.until)}` : null,
  ].filter(Boolean);
  const ifRenews = forecast.ifRenews;
  const expected = ifRenews.domains > 0 && (
    <Text data-testid="forecast-if-renews">
      {total.domains === 0 ? "" : "Besides, "}{domainsText(ifRenews.domains)} whose auto-renew is unknown {ifRenews.domains === 1 ? "is" : "are"} expected
      to cost <strong>{formatTotal(ifRenews.atRegistrar, currency)}</strong> if {ifRenews.domains === 1 ? "it renews" : "they renew"}{" "}
      ({formatTotal(ifRenews.atCheapest, currency)} at the cheapest); say on {ifRenews.domains === 1 ? "its card" : "their cards"} whether they renew automatically.
    </Text>
  );
  if (total.domains === 0 && ifRenews.domains === 0) {
    return (
      <Stack gap="4">
        <Text color="fg.muted" py="6" textAlign="center">Nothing renews automatically from {period}.</Text>
        <YearBeside forecast={forecast} />
        <LeftOutList forecast={forecast} />
      </Stack>
    );
  }
  return (
    <Stack gap="4">
      {total.domains === 0 ? (
        <Text>Nothing renews automatically from {period}.</Text>
      ) : (
        <Text>
          From {period}, {domainsText(total.domains)} {total.domains === 1 ? "renews" : "renew"} automatically: <strong>{formatTotal(total.atRegistrar, currency)}</strong> at your
          registrars, <strong>{formatTotal(total.atCheapest, currency)}</strong> at the cheapest renewals,{" "}
          <strong>{formatTotal(total.difference, currency)}</strong> less.
        </Text>
      )}
      {expected}
      <SimpleGrid templateColumns={{ base: "minmax(0, 1fr)", xl: "minmax(0, 1fr) minmax(0, 2fr)" }} gap="4" alignItems="start">
        <Box role="img" aria-label={`Renewal cost per month in ${currency}, at your registrars and at the cheapest renewals`}>
          <RenderWhenNear minH="xs" margin="0px" inServerHtml={false} placeholder={<Skeleton h="xs" rounded="md" />}>
            <Suspense fallback={<Skeleton h="xs" rounded="md" />}>
              <RenewalForecastChart rows={rows} currency={currency} />
            </Suspense>
          </RenderWhenNear>
        </Box>
        <ForecastTable forecast={forecast} explanation={explanation} />
      </SimpleGrid>
      <Stack gap="1" fontSize="sm" color="fg.muted">
        <Text>
          Each domain counts in the month it expires, at its registrar&apos;s current 1-year renewal price; &ldquo;at the cheapest&rdquo;, at
          the cheapest renewal in the same currency, except that a stale quote ({explanation.toLowerCase()}) never claims a saving against a
          fresh one. &ldquo;Prices checked&rdquo; is the oldest price check behind a row.
        </Text>
        {total.rateDate && <Text>Prices quoted in other currencies are converted into {currency} at ECB reference rates of {formatDay(total.rateDate)} or later.</Text>}
        {outside.length > 0 && <Text>Not in the forecast: {outside.join("; ")}.</Text>}
      </Stack>
      <YearBeside forecast={forecast} />
      <LeftOutList forecast={forecast} />
    </Stack>
  );
}

export function RenewalForecastSection({ currency }: { currency: string }) {
  const trpc = useTRPC();
  const forecast = useQuery(trpc.portfolio.forecast.queryOptions({ currency }));
  let body;
  if (forecast.isPending) body = <Skeleton h="xs" rounded="md" aria-busy />;
  else if (forecast.isError) body = <Text color="fg.error" role="alert">The renewal forecast could not be loaded. Please try again later.</Text>;
  else body = <ForecastBody forecast={forecast.data} />;
  return (
    <Card.Root as="section" variant="outline" aria-labelledby="forecast-title">
      <Card.Header>
        <Flex gap="3" justify="space-between" align={{ base: "stretch", sm: "center" }} direction={{ base: "column", sm: "row" }}>
          <Box>
            <Heading as="h2" size="lg" id="forecast-title">Renewal forecast</Heading>
            <Text color="fg.muted" fontSize="sm">The next 12 months&apos; automatic renewals, in {currency}.</Text>
          </Box>
          {/* Plain downloads, like Export CSV: the server names the files and the session cookie goes along. */}
          <Flex gap="2" wrap="wrap">
            <Button asChild variant="outline" size="sm">
              <a href={`${FORECAST_CSV_PATH}?currency=${encodeURIComponent(currency)}`} download><LuDownload aria-hidden /> Forecast CSV</a>
            </Button>
            <Button asChild variant="outline" size="sm">
              <a href={`${FORECAST_DOMAINS_CSV_PATH}?currency=${encodeURIComponent(currency)}`} download><LuDownload aria-hidden /> Per-domain CSV</a>
            </Button>
          </Flex>
        </Flex>
      </Card.Header>
      <Card.Body>{body}</Card.Body>
    </Card.Root>
  );
}
