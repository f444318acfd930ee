import { Hono, type Context } from "hono";
import { validateDomainName } from "../../../shared/domain-name.ts";
import { AppError } from "../../lib/errors.ts";
import { htmlError, wantsHtml, type ErrorPageLink } from "../../lib/error-page.ts";
import type { AppEnv } from "../../lib/hono-env.ts";
import { findDomainSuffix, resolveRedirect, type RedirectKind } from "./service.ts";

/** The way back from a refused link: the prices page of the extension the typed name belongs to. */
async function tldLink(c: Context<AppEnv>, rawDomain: string | undefined): Promise<ErrorPageLink[]> {
  const domain = validateDomainName(rawDomain);
  if (!domain.valid) return [];
  const { suffix } = await findDomainSuffix(c.var.ctx.db, domain.domain);
  return suffix ? [{ href: `/tld/${encodeURIComponent(suffix)}`, label: `See .${suffix} prices` }] : [];
}

const redirect = (kind: RedirectKind) => async (c: Context<AppEnv>) => {
  const domain = c.req.query("domain");
  let target: string;
  try {
    target = await resolveRedirect(c.var.ctx, kind, { providerId: c.req.query("providerId"), domain });
  } catch (error) {
    // These links are opened in a tab: a person gets a page saying why, API clients the JSON (app.ts).
    if (!(error instanceof AppError) || !wantsHtml(c)) throw error;
    return htmlError(c, error.status, error.message, c.var.ctx.origin, await tldLink(c, domain));
  }
  c.header("Cache-Control", "no-store");
  c.header("Referrer-Policy", "no-referrer");
  return c.redirect(target, 302);
};

export const redirectsRest = new Hono<AppEnv>().get("/r/register", redirect("register")).get("/r/transfer", redirect("transfer"));
