import { use } from "react";
import { LuExternalLink } from "react-icons/lu";
import { notify } from "../ui/toaster.tsx";
import { verdictText } from "./domain-verdict.ts";
import { checkDomain, redirectHref, type DomainCheck, type RedirectKind } from "./redirect-links.ts";
import { DomainVerdictContext } from "./use-domain-verdict.ts";

interface RedirectButtonProps {
  kind: RedirectKind;
  providerId: number;
  providerName: string;
  /** The domain as it would be registered (already put on the row's TLD where that applies). */
  domain: string;
  /** The TLD or suffix of the page the button is on ("co.uk" alone is then refused). */
  extension?: string;
}

const LABEL: Record<RedirectKind, string> = { register: "Register", transfer: "Transfer" };

/**
 * A real link (new tab, via the server's /api/r redirect) once the domain is valid and the page's
 * domain box accepts what was typed (DomainVerdictContext). Before that it stays focusable but
 * aria-disabled, and pressing it explains what is wrong in a toast.
 * Plain elements with the `.app-btn` class: a price table shows two of these on every row.
 */
export function RedirectButton({ kind, providerId, providerName, domain, extension }: RedirectButtonProps) {
  const refused = verdictText(use(DomainVerdictContext) ?? { kind: "empty" });
  const check: DomainCheck = refused ? { ok: false, title: "Invalid Domain", description: refused } : checkDomain(domain, extension);
  const verb = LABEL[kind];
  const variant = kind === "register" ? "solid" : "outline";
  if (!check.ok) {
    return (
      <button
        type="button"
        className="app-btn"
        data-variant={variant}
        aria-disabled="true"
        aria-label={`${verb} at ${providerName} (enter a valid domain first)`}
        title={check.description}
        onClick={() => notify({ type: "error", title: check.title, description: check.description })}
      >
        {verb}
      </button>
    );
  }
  return (
    <a
      className="app-btn"
      data-variant={variant}
      href={redirectHref(kind, providerId, check.domain)}
      target="_blank"
      rel="noopener"
      aria-label={`${verb} ${check.domain} at ${providerName} (opens in a new tab)`}
      onClick={() =>
        notify({ type: "info", title: "Redirecting to Registrar", description: `Opening ${providerName} to ${kind} ${check.domain}.` })
      }
    >
      {verb}
      <LuExternalLink aria-hidden />
    </a>
  );
}
