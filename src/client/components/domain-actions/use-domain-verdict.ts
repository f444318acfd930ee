import { useQuery } from "@tanstack/react-query";
import { createContext } from "react";
import { useTRPC } from "../../lib/trpc.ts";
import { domainVerdict, lookupNeeded, type DomainRules, type DomainVerdict } from "./domain-verdict.ts";

/**
 * The page's verdict on its domain box, read by every Register and Transfer button below it, so
 * a name the box refuses disables them all with the box's reason. Without one (null) a button
 * checks only its own domain.
 */
export const DomainVerdictContext = createContext<DomainVerdict | null>(null);

/** The verdict on what was typed, asking the catalogue only when the answer depends on it. */
export function useDomainVerdict(input: string, rules: DomainRules): DomainVerdict {
  const trpc = useTRPC();
  const ask = lookupNeeded(input, rules);
  const lookup = useQuery({ ...trpc.redirects.suffixOf.queryOptions({ domain: ask ?? "" }), enabled: ask !== null, staleTime: Infinity });
  return domainVerdict(input, rules, ask !== null ? lookup.data : undefined);
}
