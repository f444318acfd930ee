import { LAST_UPDATED, LegalPage, type LegalSection } from "./legal-page.tsx";

const SECTIONS: readonly LegalSection[] = [
  { id: "acceptance", title: "Acceptance of these terms", paragraphs: [
    "By using this site you accept these terms. If you do not accept them, please do not use the site.",
  ] },
  { id: "the-service", title: "The service", paragraphs: [
    "We compare the prices registrars publish for registering, renewing and transferring domains, and let signed-in users keep a portfolio of their domains. We are not a registrar: you buy domains from the registrar, on its site and under its terms.",
  ] },
  { id: "accuracy", title: "Accuracy of prices", paragraphs: [
    "Prices come from registrars' published lists and APIs and can change at any time; taxes, fees and promotions may differ. Always check the price on the registrar's site before you buy.",
  ] },
  { id: "accounts", title: "Your account", paragraphs: [
    "Keep your password and any registrar API credentials you enter safe, and tell us if you suspect misuse. You are responsible for what is done with your account.",
  ] },
  { id: "acceptable-use", title: "Acceptable use", paragraphs: [
    "Do not attack, overload or scrape the service beyond the public API's fair use, and do not use it to break the law. We may limit requests and suspend accounts that do.",
  ] },
  { id: "api", title: "API", paragraphs: [
    "The public API returns the same data as the site. We may change or limit it; we will try to keep documented endpoints stable.",
    "An API key you make acts as you on your own portfolio, renewal forecast, watched TLDs and notification settings: a read-only key can read them, a read and write key can also change them. Keep your keys as safe as your password and revoke any you no longer use.",
  ] },
  { id: "liability", title: "Limitation of liability", paragraphs: [
    "The service is provided as is. To the extent the law allows, our total liability for any claim is limited to the amount you paid us in the 12 months before the claim.",
  ] },
  { id: "changes", title: "Changes", paragraphs: ["We may update these terms; the date above shows the latest version."] },
];

export function TermsPage() {
  return <LegalPage title="Terms of Service" intro="The rules for using this site and its API." sections={SECTIONS} updated={LAST_UPDATED.terms} />;
}
