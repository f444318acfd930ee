/**
 * Registrar account inputs, shared by the Add Account dialog and the server, with the spec's
 * messages (section 5). The server adds what needs the database: the provider must exist, be
 * active and be one of the registrars the product can talk to.
 */
import { z } from "zod";
import { LABEL_MAX } from "../constants.ts";
import { hasNoControlCharacters, noControlCharactersMessage } from "./plain-text.ts";

/** The registrars whose APIs the product syncs from, by service provider slug. */
export const REGISTRAR_SLUGS = ["porkbun", "godaddy", "namecheap", "dynadot", "namecom", "cloudflare"] as const;
export type RegistrarSlug = (typeof REGISTRAR_SLUGS)[number];
export const isRegistrarSlug = (slug: string): slug is RegistrarSlug => (REGISTRAR_SLUGS as readonly string[]).includes(slug);

/** What the dialog's two credential fields mean at each registrar. */
export const CREDENTIAL_HELP: Record<RegistrarSlug, { apiKey: string; secretKey: string; note?: string }> = {
  porkbun: { apiKey: "Porkbun API key (pk1_…)", secretKey: "Porkbun secret API key (sk1_…)", note: "Turn on API access for each domain in Porkbun's domain management." },
  godaddy: {
    apiKey: "GoDaddy production API key", secretKey: "GoDaddy API secret",
    note: "GoDaddy opens its domains API only to accounts with 10 or more domains or a Discount Domain Club plan.",
  },
  namecheap: {
    apiKey: "Namecheap API key", secretKey: "Namecheap username",
    note: "Namecheap only answers whitelisted addresses: add this server's IP address under Profile → Tools → API Access.",
  },
  dynadot: { apiKey: "Dynadot API key", secretKey: "Dynadot API secret", note: "Dynadot's list API signs in with the key alone; the secret is stored with it." },
  namecom: { apiKey: "Name.com API token", secretKey: "Name.com username" },
  cloudflare: { apiKey: "Cloudflare API token (Registrar read permission)", secretKey: "Cloudflare account ID" },
};

const required = (message: string) =>
  z.string({ error: message }).transform((v) => v.trim()).pipe(z.string().min(1, message));

const providerId = z
  .union([z.number(), z.string(), z.null()], { error: "Please select a provider" })
  .transform((v, ctx) => {
    const n = typeof v === "number" ? v : typeof v === "string" && /^\d+$/.test(v.trim()) ? Number(v.trim()) : NaN;
    if (!Number.isSafeInteger(n) || n < 1 || n > 2_147_483_647) {
      ctx.addIssue({ code: "custom", message: "Please select a provider", input: v });
      return z.NEVER;
    }
    return n;
  });

export const registrarAccountCreateSchema = z.object({
  serviceProviderId: providerId,
  label: z
    .string({ error: "Account label is required" })
    .transform((v) => v.trim())
    .pipe(z.string().min(1, "Account label is required").max(LABEL_MAX, "Label must be less than 100 characters")
      // The label is the subject line of the account's sync-trouble mails.
      .refine(hasNoControlCharacters, noControlCharactersMessage("The label"))),
  authType: z.literal("api", { error: "Only API key accounts are supported" }).default("api"),
  credentials: z.object(
    { apiKey: required("API Key is required"), secretKey: required("Secret Key is required") },
    { error: "Credentials must be an object with apiKey and secretKey" },
  ).prefault({} as { apiKey: string; secretKey: string }), // absent: both fields report their messages
  isActive: z.boolean({ error: "Auto-sync must be true or false" }).default(true),
});
export type RegistrarAccountCreateInput = z.output<typeof registrarAccountCreateSchema>;

export const registrarAccountIdSchema = z.coerce
  .number({ error: "Account not found" })
  .int("Account not found")
  .positive("Account not found")
  .max(2_147_483_647, "Account not found");

export const SYNC_QUEUED_MESSAGE = "Sync has been queued. Check back in a few minutes";
