/** The admin's Edit Service Provider form (spec section 2, Data), shared with the server. */
import { z } from "zod";
import { oneLine } from "./plain-text.ts";
import { URL_PATTERN_PLACEHOLDER, urlPatternProblem } from "../url-pattern.ts";

const httpUrl = (label: string) =>
  z.union([z.string(), z.null()], { error: `${label} must be an http or https URL` }).optional()
    .transform((v) => (v == null || v.trim() === "" ? null : v.trim()))
    .refine((v) => {
      if (v === null) return true;
      try {
        const url = new URL(v);
        return (url.protocol === "http:" || url.protocol === "https:") && !!url.hostname;
      } catch {
        return false;
      }
    }, `${label} must be an http or https URL`);

/**
 * A register/transfer link pattern (src/shared/url-pattern.ts): left out, the stored one stays;
 * null or blank clears it (the provider then offers no such link).
 */
const urlPattern = (label: string) =>
  z.union([z.string(), z.null()], { error: `${label} must be a URL with ${URL_PATTERN_PLACEHOLDER} where the domain goes, or empty` })
    .transform((v) => (v === null || v.trim() === "" ? null : v.trim()))
    .superRefine((v, ctx) => {
      const problem = v === null ? null : urlPatternProblem(v, label);
      if (problem) ctx.addIssue({ code: "custom", message: problem });
    })
    .optional();

export const serviceProviderEditSchema = z.object({
  name: z.string({ error: "Name is required" }).trim().min(1, "Name is required").max(100, "Name must be at most 100 characters").check(oneLine("Name")),
  domain: z.string({ error: "Domain is required" }).trim().toLowerCase()
    .regex(/^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/, "Domain must be a domain name such as porkbun.com"),
  website: httpUrl("Website"),
  logoUrl: httpUrl("Logo URL"),
  isActive: z.boolean({ error: "isActive must be true or false" }),
  registrationUrlPattern: urlPattern("Registration URL pattern"),
  transferUrlPattern: urlPattern("Transfer URL pattern"),
});
export type ServiceProviderEditInput = z.infer<typeof serviceProviderEditSchema>;

export const SERVICE_PROVIDER_TYPES = ["registrar", "reseller"] as const;

/** Query of GET /api/service-providers: registrar = has an IANA (ICANN-accredited) registrar id. */
export const serviceProviderListQuerySchema = z.object({
  type: z.enum(SERVICE_PROVIDER_TYPES, { error: "type must be registrar or reseller" }).optional(),
  supports_tld: z
    .string()
    .trim()
    .min(1, "supports_tld must not be empty")
    .max(80, "supports_tld must be at most 80 characters")
    .transform((v) => v.replace(/^\./, "").toLowerCase())
    .optional(),
  country: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, "country must be a two-letter ISO 3166-1 code such as US")
    .transform((v) => v.toUpperCase())
    .optional(),
});
export type ServiceProviderListQuery = z.infer<typeof serviceProviderListQuerySchema>;
