import { useQuery } from "@tanstack/react-query";
import { SectionCard } from "../../components/section-card.tsx";
import { formatTotal } from "../../../shared/price-format.ts";
import { useTRPC } from "../../lib/trpc.ts";

/**
 * "Moving a .com from A to B pays off after N years": per registrar quoting the TLD, the move
 * that saves most over 3 years, from the same computation as a portfolio's transfer plan. Asked
 * for when the section nears the viewport (see the page), never carried in the page's HTML.
 */
export function TransferPairs({ tldId, label, currency }: { tldId: string; label: string; currency: string }) {
  const trpc = useTRPC();
  const query = useQuery(trpc.prices.transferPairs.queryOptions({ tldId, currency }));
  const data = query.data;
  return (
    <SectionCard title={`Moving a ${label} to another registrar`}>
      {query.isPending && <p className="app-note">Working out when moving pays off…</p>}
      {query.isError && <p className="app-note">The comparison could not be loaded.</p>}
      {data && data.pairs.length === 0 && <p className="app-note">No registrar we compare is cheaper to move a {label} to, once the transfer is paid.</p>}
      {data && data.pairs.length > 0 && (
        <>
          <p className="app-note">
            {data.rule.addsYear ? `A ${label} transfer adds a year to the registration.` : `A ${label} transfer keeps the expiry date.`}
            {" "}The transfer is paid, then the new registrar's renewals; {data.currency} at today's prices (<a href={data.rule.sourceUrl} target="_blank" rel="noopener noreferrer">rule source</a>, read {data.rule.sourceDate}).
          </p>
          <div className="app-table-scroll">
            <table aria-label={`When moving a ${label} pays off`}>
              <thead>
                <tr><th>Move</th><th>Transfer</th><th>Renewal after</th><th>Saving over 3 years</th><th>Pays off</th></tr>
              </thead>
              <tbody>
                {data.pairs.map((p) => (
                  <tr key={`${p.from.id}-${p.to.id}`} title={p.cautions.join("; ") || undefined}>
                    <td>{p.from.name} → {p.to.name}{p.verdict === "unsure" ? " (check the prices)" : ""}</td>
                    <td>{formatTotal(p.transfer.amount, data.currency)}</td>
                    <td>{formatTotal(p.renewal.amount, data.currency)} instead of {formatTotal(p.current.amount, data.currency)}</td>
                    <td>{formatTotal(p.years.find((y) => y.years === 3)?.saving ?? "0", data.currency)}</td>
                    <td>{p.breakEvenYear === null ? "Not within 5 years" : p.breakEvenYear === 1 ? "In the first year" : `After ${p.breakEvenYear} years`}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
    </SectionCard>
  );
}
