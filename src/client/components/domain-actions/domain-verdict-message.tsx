import { Link as ChakraLink } from "@chakra-ui/react";
import { Link } from "@tanstack/react-router";
import { verdictText, type DomainVerdict } from "./domain-verdict.ts";

/** The verdict in words; a name of another extension links to that extension's prices. */
export function DomainVerdictMessage({ verdict }: { verdict: DomainVerdict }) {
  if (verdict.kind === "other-extension" && verdict.suffix) {
    return (
      <>
        {verdict.domain} is a .{verdict.suffix} name —{" "}
        <ChakraLink asChild color="blue.fg" textDecoration="underline">
          <Link to="/tld/$tldId" params={{ tldId: verdict.suffix }}>
            see .{verdict.suffix} prices
          </Link>
        </ChakraLink>
      </>
    );
  }
  return <>{verdictText(verdict)}</>;
}
