/** The documentation index: four categories of four articles, each about something the product does. */
export type Difficulty = "Beginner" | "Intermediate" | "Advanced";

export interface DocCategory {
  id: string;
  title: string;
  description: string;
  articles: ReadonlyArray<{ title: string; slug: string; difficulty: Difficulty }>;
}

export const DOC_CATEGORIES: readonly DocCategory[] = [
  {
    id: "getting-started", title: "Getting Started", description: "Find your way around the price tables and your account.",
    articles: [
      { title: "Creating an account and signing in", slug: "sign-in", difficulty: "Beginner" },
      { title: "Finding the cheapest registrar for a TLD", slug: "cheapest-registrar", difficulty: "Beginner" },
      { title: "Registration, renewal and transfer prices explained", slug: "price-types", difficulty: "Beginner" },
      { title: "Sharing a filtered price table by link", slug: "shareable-views", difficulty: "Intermediate" },
    ],
  },
  {
    id: "domain-management", title: "Domain Management", description: "Keep the domains you own in your portfolio.",
    articles: [
      { title: "Adding and editing portfolio domains", slug: "portfolio-basics", difficulty: "Beginner" },
      { title: "Importing and exporting your portfolio as CSV", slug: "portfolio-csv", difficulty: "Intermediate" },
      { title: "Expiry dates in your calendar app", slug: "calendar-feed", difficulty: "Intermediate" },
      { title: "Connecting a registrar account", slug: "registrar-accounts", difficulty: "Intermediate" },
    ],
  },
  {
    id: "api-integration", title: "API Integration", description: "Read prices and the catalogue from your own code.",
    articles: [
      { title: "Listing domain prices over REST", slug: "rest-prices", difficulty: "Intermediate" },
      { title: "Paging, sorting and filtering price lists", slug: "rest-paging", difficulty: "Intermediate" },
      { title: "Looking up TLDs, registrars and registry operators", slug: "rest-lookups", difficulty: "Intermediate" },
      { title: "Handling errors and field messages", slug: "rest-errors", difficulty: "Advanced" },
    ],
  },
  {
    id: "data-insights", title: "Data & Insights", description: "Where the data comes from and how to read it.",
    articles: [
      { title: "Where our prices come from", slug: "price-sources", difficulty: "Beginner" },
      { title: "The IANA TLD and registrar catalogue", slug: "iana-catalogue", difficulty: "Intermediate" },
      { title: "Prices in several currencies", slug: "currencies", difficulty: "Intermediate" },
      { title: "How price history is kept", slug: "price-history", difficulty: "Advanced" },
    ],
  },
];
