/**
 * A failed connection test as the person who ran it reads it: one sentence naming the registrar,
 * with the registrar's own words when they say something, and no raw codes (Porkbun's "(002)",
 * "HTTP 401"): those stay in the server's log.
 */
import type { RegistrarError } from "../../integrations/registrars/registrar.ts";

const RAW_CODES = /\s*\((?:HTTP\s+)?[A-Z_]*\d+\)|,?\s*\bHTTP\s+\d{3}\b/g;

const sentence = (text: string) => {
  const trimmed = text.replace(/\s+/g, " ").replace(/[\s;:,]+$/, "").trim();
  return /[.!?]$/.test(trimmed) ? trimmed : `${trimmed}.`;
};

export function connectionTestMessage(error: RegistrarError): string {
  const registrar = error.registrar;
  const prefix = `${registrar}: `;
  if (!error.message.startsWith(prefix)) {
    // Already a sentence of ours naming the registrar ("Could not reach Porkbun: …"); only the codes go.
    const cleaned = error.message.replace(RAW_CODES, "").replace(/\s+([;,.])/g, "$1");
    return sentence(cleaned.includes(registrar) ? cleaned : `${registrar}: ${cleaned}`);
  }
  // The registrar's own words, quoted when any are left once the codes are out.
  const said = error.message.slice(prefix.length).replace(RAW_CODES, "").replace(/\s+([;,.])/g, "$1").trim().replace(/\.$/, "");
  const quoted = said ? ` (it said: "${said}")` : "";
  switch (error.kind) {
    case "auth":
      return `${registrar} did not accept this API key and secret${quoted}. Check both, and that API access is on for the account at ${registrar}.`;
    case "rate-limit":
      return `${registrar} is limiting requests${quoted}; try again later.`;
    case "unavailable":
      return `${registrar} is unavailable${quoted}; try again later.`;
    case "timeout":
      return `${registrar} did not answer in time${quoted}; try again later.`;
    case "network":
      return `Could not reach ${registrar}${quoted}; check the network and try again later.`;
    case "malformed":
    case "incomplete":
      return `${registrar} sent an answer this site could not read${quoted}; try again later.`;
    default:
      return `${registrar} refused the connection test${quoted}.`;
  }
}
