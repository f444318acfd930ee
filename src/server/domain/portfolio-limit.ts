/**
 * The per-user portfolio limit (PORTFOLIO_MAX_DOMAINS): how many more entries fit, and the
 * messages that say why an add, a CSV import or a registrar-account sync was refused. Adding,
 * importing and syncing all refuse a write that would take a portfolio past the limit as a
 * whole: nothing of it is stored.
 */
const count = (n: number) => n.toLocaleString("en-US");
const domains = (n: number) => `${count(n)} ${n === 1 ? "domain" : "domains"}`;

/** How many more entries a portfolio holding `stored` may take (0 when full or past it). */
export const roomLeft = (stored: number, maxDomains: number) => Math.max(0, maxDomains - stored);

const fitting = (stored: number, maxDomains: number) => {
  const room = roomLeft(stored, maxDomains);
  return room === 0 ? "no more fit" : `${domains(room)} more ${room === 1 ? "fits" : "fit"}`;
};

export const addLimitMessage = (stored: number, maxDomains: number) =>
  `Your portfolio holds ${domains(stored)}, the limit per account (${count(maxDomains)}); remove a domain before adding another`;

export const importLimitMessage = (stored: number, adding: number, maxDomains: number) =>
  `This import would add ${domains(adding)} to the ${count(stored)} in your portfolio, past the limit of ${domains(maxDomains)} per account; ` +
  `${fitting(stored, maxDomains)}. Nothing was imported`;

export const syncLimitMessage = (stored: number, adding: number, maxDomains: number) =>
  `The registrar lists ${domains(adding)} not yet in your portfolio, which holds ${count(stored)}: that passes the limit of ${domains(maxDomains)} per account ` +
  `(${fitting(stored, maxDomains)}). Nothing was synced; remove domains from your portfolio, then sync again`;

/** A sync refused because it would take the owner's portfolio past the limit; its message is for the owner. */
export class PortfolioLimitError extends Error {
  override readonly name = "PortfolioLimitError";
}
