/**
 * What the owner's portfolio calls answer, as zod schemas: the OpenAPI document describes the
 * answers from these (jsonSchemaOf), and the generated client's test parses the real answers with
 * them, so the document cannot promise a field the app does not send. Loose objects: the answers
 * carry more fields (registry dates, prices in a display currency) than are promised here.
 */
import { z } from "zod";

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/).meta({ description: "A day, YYYY-MM-DD." });
const instant = z.string().meta({ format: "date-time" });
const money = z.string().meta({ description: "An amount as a decimal string in the currency's minor unit (\"10.88\")." });

const renewalQuote = z.looseObject({
  price: money,
  currency: z.string(),
  lastCheckedAt: instant.meta({ description: "When a source last confirmed the quote." }),
  isStale: z.boolean().meta({ description: "Not confirmed within the stale window." }),
});

/** One portfolio entry: the specification's fields (section 3) and what the portfolio adds. */
export const userDomainAnswerSchema = z.looseObject({
  id: z.number().int(),
  domainName: z.string(),
  tldId: z.string().meta({ description: "The TLD's (or second-level suffix's) name, as the form enters it: com, co.uk." }),
  serviceProviderId: z.number().int().nullable().meta({ description: "The registrar the domain is held at; null when not given." }),
  registrationDate: isoDate.nullable(),
  expirationDate: isoDate.nullable(),
  autoRenew: z.boolean(),
  notes: z.string().nullable(),
  tld: z.looseObject({ id: z.number().int(), name: z.string() }),
  serviceProvider: z.looseObject({ id: z.number().int(), name: z.string() }).nullable(),
  createdAt: instant,
  updatedAt: instant,
  pricing: z.looseObject({
    currentRenewal: renewalQuote.nullable().meta({ description: "The renewal price at the domain's own registrar." }),
    cheapestRenewal: renewalQuote.extend({ serviceProvider: z.looseObject({ id: z.number().int(), name: z.string() }) }).nullable()
      .meta({ description: "The cheapest renewal elsewhere." }),
    yearlySaving: money.nullable().meta({ description: "USD a year saved by moving, when both quotes are in USD." }),
  }),
}).meta({ description: "A portfolio entry." });

/** GET /api/user-domains with a paging parameter. */
export const portfolioPageAnswerSchema = z.object({
  data: z.array(userDomainAnswerSchema),
  total: z.number().int().meta({ description: "Entries matching the search (all of them without one)." }),
  page: z.number().int(),
  limit: z.number().int(),
  offset: z.number().int(),
  totalPages: z.number().int(),
});

export const removedAnswerSchema = z.object({ id: z.number().int(), removed: z.literal(true) });
