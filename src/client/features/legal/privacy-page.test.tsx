// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { WEBHOOK_CHANNEL_FORMATS, WEBHOOK_FORMAT_LABELS } from "../../../shared/schemas/webhook-channel.ts";
import { renderUi } from "../../testing/render.tsx";
import { PrivacyPage } from "./privacy-page.tsx";

const section = async (name: string) => within(await screen.findByRole("region", { name }));

/** The service a channel format reaches, as people call it: "Slack incoming webhook" → "Slack". */
const serviceOf = (label: string) => label.replace(/ (incoming webhook|webhook|topic|bot|server|room|API)$/, "");

describe("privacy page", () => {
  it("says our server checks each portfolio domain over TLS and DNS, and what of it is stored", async () => {
    renderUi(<PrivacyPage />);
    const collected = await section("Information we collect");
    expect(collected.getByText(/TLS certificate that the domain, its www name and any host name you add present/)).toBeTruthy();
    expect(collected.getByText(/public DNS records \(NS, A, AAAA, MX and CAA records, and its SPF and DMARC TXT records\)/)).toBeTruthy();
    expect(collected.getByText(/history of the changes found in its registry record, certificates and DNS/)).toBeTruthy();
    const sharing = await section("Sharing");
    expect(sharing.getByText(/connects over TLS to the domain, its www name and the host names you add/)).toBeTruthy();
    expect(sharing.getByText(/asks the DNS resolvers this server uses for the domain's public records/)).toBeTruthy();
  });

  it("names the third party behind every kind of notification channel", async () => {
    renderUi(<PrivacyPage />);
    const sharing = (await screen.findByRole("region", { name: "Sharing" })).textContent;
    const services = WEBHOOK_CHANNEL_FORMATS.filter((f) => f !== "generic").map((f) => serviceOf(WEBHOOK_FORMAT_LABELS[f]));
    expect(services).toContain("Microsoft Teams");
    for (const service of services) expect(sharing, service).toContain(service);
  });
});
