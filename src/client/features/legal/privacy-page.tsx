import { LegalPage, type LegalSection } from "./legal-page.tsx";

/** What the product stores and why, as the code does it (db/schema, features/auth, features/contact, features/notifications). */
const SECTIONS: readonly LegalSection[] = [
  { id: "information-we-collect", title: "Information we collect", paragraphs: [
    "Account: your e-mail address, your first and last name if you give them, when you last signed in, and a one-way hash of your password (never the password itself). With single sign-on we store the identifier your sign-in provider gives us instead of a password. When you change your e-mail address, the new address is kept with its confirmation link until you confirm it.",
    "API keys and the calendar feed: each API key's name, first characters and a one-way hash of the key (never the key itself), with when it was created, last used and revoked; and a one-way hash of your private calendar feed link, when you create one.",
    "Portfolio: the domains you add or import, with their dates, registrar, auto-renew setting and notes, and what each domain's registry says about it (its dates, statuses, nameservers and sponsoring registrar). Registrar accounts: the label you choose and the API credentials you enter, stored encrypted.",
    "Contact messages: the name, e-mail address, subject, category, priority and message you send, with the IP address it came from.",
    "Security records: sessions (a hash of the session token, its expiry, the browser's User-Agent, the IP address it was last used from and when), counts of sign-in attempts, reset requests and contact messages per IP address or e-mail address for rate limiting, and hashes of password reset and address confirmation links until they are used or expire.",
    "Two-step sign-in, when you turn it on: its secret, stored encrypted, and a one-way hash of each recovery code.",
    "Administrators' actions on accounts (making or removing an administrator, disabling or enabling sign-in, sending a reset link): who acted, on which account (both e-mail addresses are copied into the record), when and from which IP address.",
    "Notifications: the e-mail addresses and webhook URLs you add (a generic webhook's signing secret stored encrypted), your notification settings and watched TLDs, and a log of what was sent to each. To limit how much mail and how many test messages anyone can have us send, we count confirmation mails per address (under a one-way hash of the address) and test messages per channel and per account. When someone uses the link in one of our confirmation mails to stop all mail to their address, we keep a one-way hash of that address, so we can refuse to mail it again without keeping the address itself.",
  ] },
  { id: "how-we-use-information", title: "How we use information", paragraphs: [
    "To sign you in, show you your portfolio and its renewal costs, sync domains from registrar accounts you connect, answer your messages and keep the service safe from abuse. We do not sell your information and do not use it for advertising.",
  ] },
  { id: "cookies", title: "Cookies and local storage", paragraphs: [
    "We set the session cookie while you are signed in, a short-lived cookie during single sign-on, and a currency cookie when you choose a display currency. Your colour theme and cookie preferences are kept in your browser's local storage. The Cookie Policy lists each cookie with its purpose and lifetime, and your choices.",
  ] },
  { id: "sharing", title: "Sharing", paragraphs: [
    "When you connect a registrar account, your credentials are sent only to that registrar's API to read your domains. Each domain name in your portfolio, and nothing else about you, is sent to its registry to read its public registration record: over RDAP, or over WHOIS for a registry without RDAP, in which case IANA is also asked which WHOIS server serves its extension. Notifications go to the e-mail addresses (through this site's mail server) and webhook URLs you add. Register and Transfer links send you to the registrar with the domain you typed. We share nothing else unless the law requires it.",
  ] },
  { id: "retention", title: "Retention", paragraphs: [
    "Sessions expire after the configured number of days without use, and signing out deletes the session at once. Rate-limit counts are deleted after their window ends. The hash of an address that asked us to stop mailing it stays until its owner allows mail again. Your account, portfolio, registrar accounts, API keys, notification settings and the log of notifications sent stay until you delete your account; deleting a registrar account deletes its stored credentials. Deleting your account removes everything above that belongs to it at once, in one step; records of administrators' actions on it keep the copied e-mail address so those actions stay accountable. Contact messages are not tied to an account: they are not deleted automatically or with your account; ask through the contact page to have yours removed.",
  ] },
  { id: "your-rights", title: "Your rights", paragraphs: [
    "You can see and change your portfolio at any time and export it as CSV. Your account settings download a copy of what your account holds (one JSON file: your profile, portfolio, registrar accounts, notification settings, channels and watches, API keys, sessions and the last 90 days of notifications sent; passwords, credentials, secrets and hashes are left out) and delete your account. For anything else, write to us through the contact page; we answer privacy requests within 30 days.",
  ] },
  { id: "contact", title: "Contact", paragraphs: ["Questions about this policy: use the contact page and choose the category Account Help."] },
];

export function PrivacyPage() {
  return <LegalPage title="Privacy Policy" intro="What we store about you, why, and what you can do about it." sections={SECTIONS} />;
}
