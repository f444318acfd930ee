/** The Help Center's questions, written from what the product does today. */
export interface FaqCategory {
  id: string;
  title: string;
  faqs: ReadonlyArray<{ question: string; answer: string }>;
}

export const FAQ_CATEGORIES: readonly FaqCategory[] = [
  {
    id: "getting-started",
    title: "Getting Started",
    faqs: [
      {
        question: "Do I need an account to compare prices?",
        answer: "No. The price tables, TLD pages, registrar pages and every informational page are public. An account is only needed for your own portfolio and registrar accounts.",
      },
      {
        question: "How do I sign in?",
        answer: "Choose Sign In and use your e-mail address and password; new visitors can register on the same page. When the site operator has set up single sign-on, the sign-in page also offers it.",
      },
      {
        question: "What can I do once I'm signed in?",
        answer: "You get a portfolio of the domains you own with their renewal cost and the cheapest place to renew each, a list of domains expiring soon, CSV import and export, a calendar feed of expiry dates, and the registrar accounts page.",
      },
    ],
  },
  {
    id: "domains-tlds",
    title: "Domains & TLDs",
    faqs: [
      {
        question: "Which top-level domains are listed?",
        answer: "Every TLD in the IANA root zone database, generic and country-code alike. Each TLD page shows its category, its registry operator and the prices of every registrar that quotes it.",
      },
      {
        question: "What is the difference between generic and country-code TLDs?",
        answer: "Generic TLDs such as .com or .app are open to everyone worldwide (some are sponsored by a community). Country-code TLDs such as .de or .io belong to a country or territory, and their registries may set residency or usage rules.",
      },
      {
        question: "Can I register a domain here?",
        answer: "No. Type the domain on a TLD or registrar page and the Register and Transfer buttons take you to that registrar's own site, where you buy it.",
      },
    ],
  },
  {
    id: "pricing",
    title: "Pricing & Comparison",
    faqs: [
      {
        question: "Where do the prices come from?",
        answer: "From each registrar's published price list or price API. The Status page shows when each price source was last fetched successfully.",
      },
      {
        question: "Why do registration and renewal prices differ?",
        answer: "Many registrars discount the first year. The tables show registration, renewal and transfer prices side by side so you can see the cost after the first year, not only the offer.",
      },
      {
        question: "Are prices shown in one currency?",
        answer: "Yes: in the display currency you choose at the top of the page (USD until you pick another). A price the registrar quotes in another currency is converted at the European Central Bank's reference rate and marked with ≈; hover over it or focus it to see the original amount and the rate's date. Only where no rate exists for a quote's currency does the price summary list the currencies instead of mixing them.",
      },
    ],
  },
  {
    id: "portfolio",
    title: "Portfolio Management",
    faqs: [
      {
        question: "How do I add my domains?",
        answer: "On the Portfolio page, choose Add Domain and enter the domain with its dates and registrar, or import a CSV file with one domain per row.",
      },
      {
        question: "How does the portfolio find savings?",
        answer: "For each domain it compares the renewal price at your registrar with the cheapest renewal we know for the same TLD, and adds up the yearly difference.",
      },
      {
        question: "Can I get reminders before my domains expire?",
        answer: "Subscribe to your portfolio's calendar feed in any calendar app: it lists every expiration date. The portfolio also lists domains expiring within 30, 60 and 90 days.",
      },
    ],
  },
];
