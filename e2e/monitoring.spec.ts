/**
 * Certificates and DNS of a portfolio domain, from adding it to its history. The loopback TLS fake
 * serves the domain and its www a certificate issued by the CA the server trusts, and the loopback
 * DNS fake answers its records. "Check certificates and DNS now" on the domain's page shows the certificate (issuer,
 * valid until, covering the name, trusted) and the records; a changed A record is first only
 * noted as unconfirmed, and the second look (the same button again, DNS_CONFIRM_DELAY_MS later)
 * records the change, which the History section shows with the old and new values. The owner's
 * certificate reminder days are set on the notification settings page.
 */
import { X509Certificate } from "node:crypto";
import { createAccount, stamp } from "./accounts.ts";
import { DNS_CONFIRM_DELAY_MS, E2E_CA_NAME, RDAP_REGISTERED_PREFIX } from "./fakes.ts";
import { expect, reloadUntilVisible, test } from "./fixtures.ts";
import { addDomainByName } from "./portfolio-steps.ts";

test.use({ viewport: { width: 1280, height: 900 } });

test("add a domain → Check now shows its certificate and DNS → a changed A record, confirmed by a second look, is in its history", async ({ page, app }) => {
  const { tls, dns, certificates } = app.fakes;
  const domain = `${RDAP_REGISTERED_PREFIX}watched-${stamp}.com`;
  const certificate = certificates.issue([domain, `www.${domain}`], 60);
  tls.serve(domain, certificate);
  tls.serve(`www.${domain}`, certificate);
  dns.set(domain, "NS", [`ns1.${domain}`, `ns2.${domain}`]);
  dns.set(domain, "A", ["203.0.113.10"]);
  dns.set(domain, "MX", [`10 mail.${domain}`]);
  dns.set(domain, "TXT", ["v=spf1 mx -all", "site-verification=abc123"]);
  dns.set(`_dmarc.${domain}`, "TXT", ["v=DMARC1; p=reject"]);
  dns.set(domain, "CAA", ['0 issue "e2e-ca.test"']);

  await createAccount(page, "Cora", `monitoring-${stamp}@example.com`);
  await page.goto("/portfolio");
  const entry = await addDomainByName(page, domain);

  // The domain's page, from its name on the card.
  await entry.getByRole("link", { name: domain, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: domain })).toBeVisible();
  const section = (heading: string) => page.locator("section").filter({ has: page.getByRole("heading", { name: heading, exact: true }) });
  const certificatesSection = section("Certificates");
  const dnsSection = section("DNS records");
  const history = section("History");
  const apex = certificatesSection.getByRole("row", { name: `${domain}:443`, exact: true });
  const www = certificatesSection.getByRole("row", { name: `www.${domain}:443`, exact: true });

  const checkNow = dnsSection.getByRole("button", { name: "Check certificates and DNS now" });
  await checkNow.click();
  await expect(dnsSection.getByRole("status")).toHaveText("The check is queued; results appear here within a minute");
  await reloadUntilVisible(page, apex.getByText("Valid", { exact: true }));

  // The certificate: its issuer, the day it ends, that it covers the name and is trusted.
  const validUntil = new Date(new X509Certificate(certificate.cert).validTo).toISOString().slice(0, 10);
  const cells = (row: typeof apex) => row.getByRole("cell");
  await expect(cells(apex).nth(2)).toHaveText(`CN=${E2E_CA_NAME}, O=${E2E_CA_NAME} Trust`);
  await expect(cells(apex).nth(3)).toContainText(validUntil);
  await expect(cells(apex).nth(3)).toContainText(/(59|60) days left/);
  await expect(cells(apex).nth(4)).toHaveText("yes");
  await expect(cells(apex).nth(5)).toHaveText("yes");
  await expect(www.getByText("Valid", { exact: true })).toBeVisible();

  // The records as the resolver answered them; of the TXT records only SPF and DMARC.
  const records = (type: string) => dnsSection.getByRole("row", { name: `${type} records`, exact: true });
  await expect(records("NS")).toContainText(`ns1.${domain}`);
  await expect(records("A").getByRole("cell").nth(1)).toHaveText("203.0.113.10");
  await expect(records("MX")).toContainText(`10 mail.${domain}`);
  await expect(records("TXT")).toContainText("v=spf1 mx -all");
  await expect(records("TXT")).toContainText("_dmarc v=DMARC1; p=reject");
  await expect(records("TXT")).not.toContainText("site-verification");
  await expect(records("CAA")).toContainText('0 issue "e2e-ca.test"');
  await expect(records("AAAA")).toContainText("None");

  // The A record changes: the first look only notes it, nothing is in the history yet.
  dns.set(domain, "A", ["203.0.113.20"]);
  await checkNow.click();
  await reloadUntilVisible(page, records("A").getByText("Unconfirmed"));
  await expect(records("A")).toContainText("A different answer (203.0.113.20)");
  const change = history.getByTestId("history-event").filter({ hasText: "A records changed" });
  await expect(change).toHaveCount(0);

  // The second look, once the confirmation delay has passed since the first: the change is recorded.
  await page.waitForTimeout(DNS_CONFIRM_DELAY_MS);
  await checkNow.click();
  await reloadUntilVisible(page, change);
  await expect(change).toContainText("A records changed from 203.0.113.10 to 203.0.113.20.");
  await expect(change).toContainText("DNS · A");
  await expect(change.getByText("Warning")).toBeVisible();
  await expect(records("A").getByRole("cell").nth(1)).toHaveText("203.0.113.20");
  await expect(records("A").getByText("Unconfirmed")).toHaveCount(0);
});

test("the certificate reminder days are set beside the expiry reminders and kept", async ({ page }) => {
  await createAccount(page, "Cyd", `certificate-days-${stamp}@example.com`);
  await page.goto("/settings/notifications");
  const reminders = page.getByRole("form", { name: "Certificate reminders" });
  const days = reminders.getByLabel("Days before a certificate ends");
  await expect(days).toHaveValue("14, 3, 1");
  await days.fill("7, 30, 200");
  await reminders.getByRole("button", { name: "Save certificate reminders" }).click();
  await expect(reminders.getByText("A certificate reminder can come at most 90 days before it ends")).toBeVisible();
  await days.fill("7, 30, 7");
  await reminders.getByRole("button", { name: "Save certificate reminders" }).click();
  await expect(page.getByText("Certificate reminders saved")).toBeVisible();
  await expect(days).toHaveValue("30, 7");
  await page.reload();
  await expect(page.getByRole("form", { name: "Certificate reminders" }).getByLabel("Days before a certificate ends")).toHaveValue("30, 7");
});
