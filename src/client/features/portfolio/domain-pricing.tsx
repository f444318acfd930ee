import { Box, HStack, Link as ChakraLink, Stack, Text } from "@chakra-ui/react";
import { useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import type { ReactNode } from "react";
import { LuPiggyBank } from "react-icons/lu";
import { RedirectButton } from "../../components/domain-actions/redirect-button.tsx";
import { supports } from "../../components/domain-actions/redirect-links.ts";
import { decimalStringToMinor, formatCheckedDate, minorToDecimalString } from "../../../shared/price-format.ts";
import { DisplayPrice, shownPrice, type ShownPrice } from "../../components/display-price.tsx";
import { StaleBadge, useStaleExplanation } from "../../components/price-freshness.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import type { UserDomain } from "./types.ts";

function ProviderLink({ id, name }: { id: number; name: string }) {
  return (
    <ChakraLink asChild color="blue.fg" fontWeight="medium">
      <Link to="/registrar/$providerId" params={{ providerId: String(id) }}>{name}</Link>
    </ChakraLink>
  );
}

function Line({ label, children }: { label: string; children: ReactNode }) {
  return (
    <HStack justify="space-between" align="baseline" columnGap="3" rowGap="0" wrap="wrap">
      <Text color="fg.muted">{label}</Text>
      {/* On a narrow card the value wraps below its label; it stays right-aligned like the others. */}
      <Text textAlign="end" ms="auto">{children}</Text>
    </HStack>
  );
}

/** When a quote was last checked, and the stale mark when no source confirmed it in time. */
function Checked({ quote, explanation }: { quote: { lastCheckedAt: string; isStale: boolean }; explanation: string }) {
  return (
    <Text as="span" display="block" fontSize="xs" color="fg.muted">
      {formatCheckedDate(quote.lastCheckedAt)}
      {quote.isStale && <> <StaleBadge explanation={explanation} /></>}
    </Text>
  );
}

type MoneyQuote = NonNullable<UserDomain["money"]["renewal"]>;

/** A quote of the domain's money as shown: its display amount (≈ when converted), else its own amount when no rate converts it. */
function moneyPrice(money: UserDomain["money"], q: Omit<MoneyQuote, "serviceProvider">): ShownPrice {
  if (q.amount === null) return { amount: q.price, currency: q.priceCurrency };
  return { amount: q.amount, currency: money.currency, original: q.rateDate ? { amount: q.price, currency: q.priceCurrency, rateDate: q.rateDate } : undefined };
}

/** The yearly saving of moving: the two amounts' difference in the display currency, ≈ and its quote-currency amount when converted. */
function savingOf(money: UserDomain["money"]): ShownPrice | null {
  const { renewal, move, saving } = money;
  if (!renewal || !move || saving === null) return null;
  const own = decimalStringToMinor(renewal.price);
  const other = decimalStringToMinor(move.price);
  const original = renewal.rateDate && own !== null && other !== null
    ? { amount: minorToDecimalString(own - other), currency: renewal.priceCurrency, rateDate: renewal.rateDate }
    : undefined;
  return { amount: saving, currency: money.currency, original };
}

/** How the renewal counts in the portfolio's totals, by the domain's auto-renew. */
const COUNTS_TEXT: Record<UserDomain["money"]["counts"], string> = {
  renews: "Renews automatically: in the totals",
  if_renews: "Auto-renew unknown: counted apart, as the amount if it renews",
  not_renewing: "Auto-renew off: it will not renew by itself",
};

/**
 * The product's edge: what this domain costs to renew where it is, the cheapest renewal
 * anywhere, and what a transfer would save each year, in the display currency. The server
 * computes the saving; this only words it.
 */
export function DomainPricing({ domain }: { domain: UserDomain }) {
  const trpc = useTRPC();
  // Already cached for the form's registrar select; tells whether the cheapest one takes transfer links.
  const providers = useQuery(trpc.providers.list.queryOptions());
  // The renewal and the saving are the domain's money, the figures every total adds up (the summary, the forecast, the feed).
  const { cheapestRenewal: cheapest, yearlySavingIsStale } = domain.pricing;
  const { money } = domain;
  const current = money.renewal;
  const saving = savingOf(money);
  const perYear = (quote: NonNullable<typeof cheapest>) =>
    <DisplayPrice price={shownPrice(quote.price, quote.currency, quote.display, "price")} suffix="/yr" />;
  const explanation = useStaleExplanation();
  // The registrar that holds it: the owner's, the account's, else the one the registry names.
  const own = domain.registrar.serviceProvider ?? domain.serviceProvider;
  const cheapestIsOwn = Boolean(own && cheapest && cheapest.serviceProvider.id === own.id);
  // A tie with another registrar still means there is nothing to save.
  const alreadyLowest = Boolean(current && cheapest && current.priceCurrency === cheapest.currency && current.price === cheapest.price);
  const target = cheapest && providers.data?.find((p) => p.id === cheapest.serviceProvider.id);

  return (
    <Stack gap="1.5" fontSize="sm" borderTopWidth="1px" pt="3" aria-label={`Renewal prices for ${domain.domainName}`} role="group">
      <Line label={own ? `Renewal at ${own.name}` : "Renewal"}>
        {current ? (
          <>
            <Text as="span" fontWeight="semibold"><DisplayPrice price={moneyPrice(money, current)} suffix="/yr" /></Text>
            <Checked quote={current} explanation={explanation} />
          </>
        ) : own ? "No price listed" : "Set a registrar to compare"}
      </Line>
      {current && <Text fontSize="xs" color="fg.muted" textAlign="end">{COUNTS_TEXT[money.counts]}</Text>}
      {cheapest && !cheapestIsOwn && (
        <Line label="Cheapest renewal">
          {perYear(cheapest)} at <ProviderLink id={cheapest.serviceProvider.id} name={cheapest.serviceProvider.name} />
          <Checked quote={cheapest} explanation={explanation} />
        </Line>
      )}
      {!cheapest && <Line label="Cheapest renewal">No prices known for .{domain.tld.name}</Line>}
      {saving && cheapest ? (
        <HStack mt="1" p="2" rounded="md" bg="green.subtle" color="green.fg" justify="space-between" gap="2" wrap="wrap">
          <HStack gap="1.5" align="flex-start">
            <Box as="span" mt="0.5" flexShrink={0}><LuPiggyBank aria-hidden /></Box>
            <Text fontWeight="semibold">
              Save <DisplayPrice price={saving} suffix="/yr" /> by moving to {cheapest.serviceProvider.name}
            </Text>
            {yearlySavingIsStale && <StaleBadge explanation={explanation} />}
          </HStack>
          {target && supports(target, "transfer") ? (
            <RedirectButton kind="transfer" providerId={target.id} providerName={target.name} domain={domain.domainName} />
          ) : (
            <ProviderLink id={cheapest.serviceProvider.id} name={`View ${cheapest.serviceProvider.name}`} />
          )}
        </HStack>
      ) : (
        alreadyLowest && (
          <Box mt="1" color="green.fg" fontWeight="medium">You already pay the lowest renewal price.</Box>
        )
      )}
    </Stack>
  );
}
