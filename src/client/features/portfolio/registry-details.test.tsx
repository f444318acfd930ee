// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { DomainCard } from "./domain-card.tsx";
import { clearToasts, mutationOk, userDomain } from "./portfolio-test-support.ts";
import type { UserDomain } from "./types.ts";

useMsw();
afterEach(clearToasts);

const noop = () => undefined;
const NOTE = "The registry's expiration date is 2026-02-01; you entered 2027-01-15. Reminders use the registry's.";

function disagreeing(overrides: Partial<UserDomain> = {}): UserDomain {
  const base = userDomain({ id: 9, domainName: "lapsed.com", expirationDate: "2027-01-15" });
  return {
    ...base,
    effectiveExpirationDate: "2026-02-01",
    dates: {
      ...base.dates,
      expiration: {
        date: "2026-02-01", source: "registry", registryProtocol: "rdap", lowerConfidence: false, typed: "2027-01-15", typedSource: "typed",
        registry: "2026-02-01", disagree: true, note: NOTE,
      },
    },
    registry: {
      ...base.registry,
      statuses: ["redemptionPeriod", "clientTransferProhibited"],
      registrar: { ianaId: 1861, name: "Porkbun LLC", serviceProviderId: 4 },
      flags: [
        { code: "expired", message: "Expired on 2026-02-01" },
        { code: "redemptionPeriod", message: "In its redemption period: the registration lapsed and can still be restored, at a fee, before the registry deletes it" },
      ],
      transferLock: { locked: true, worthMoving: true, message: "Transfer-locked at the registrar: unlock it there before moving it to the cheaper registrar" },
    },
    ...overrides,
  };
}

describe("a domain card's registry details", () => {
  it("shows the registry's expiry with its source, the disagreement, the flags and the transfer lock", async () => {
    renderUi(<DomainCard domain={disagreeing()} onEdit={noop} onDelete={noop} />);
    const card = within((await screen.findAllByRole("listitem"))[0]!);
    expect(card.getByText("Expired")).toBeTruthy();
    expect(card.getByText("from the registry")).toBeTruthy();
    expect(card.getByText(NOTE)).toBeTruthy();
    expect(card.getByText("Expired on 2026-02-01")).toBeTruthy();
    expect(card.getByText(/In its redemption period/)).toBeTruthy();
    expect(card.getByText(/Transfer-locked at the registrar/)).toBeTruthy();
    expect(card.getByText(/Checked with the registry on .* · Status: redemptionPeriod, clientTransferProhibited · Registrar: Porkbun LLC \(IANA 1861\)/)).toBeTruthy();
  });

  it("switches reminders to the owner's date", async () => {
    const calls: { id: number; useOwnDates?: boolean }[] = [];
    server.use(mutationOk("portfolio.update", disagreeing(), calls));
    renderUi(<DomainCard domain={disagreeing()} onEdit={noop} onDelete={noop} />);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Use my date for reminders" }));
    expect(await findToast("Reminders now use your dates")).toBeTruthy();
    expect(calls).toEqual([{ id: 9, useOwnDates: true }]);
  });

  it("links a registry that answers without an expiry date to the page of registries that publish one", async () => {
    const base = userDomain({ id: 11, domainName: "example.de" });
    const message = "The .de registry does not publish an expiry date, so the expiry shown is the one entered";
    renderUi(<DomainCard domain={{ ...base, registry: { ...base.registry, outcome: "ok", protocol: "rdap", message, statuses: [] } }} onEdit={noop} onDelete={noop} />);
    expect(await screen.findByText(message, { exact: false })).toBeTruthy();
    expect(screen.getByRole("link", { name: "which registries publish expiry dates" }).getAttribute("href")).toBe("/registry-coverage");
    // A registry that gave its expiry date has no such link.
    const dated = { ...base.dates, expiration: { ...base.dates.expiration, registry: "2027-01-15" } };
    renderUi(<DomainCard domain={{ ...base, id: 12, dates: dated, registry: { ...base.registry, outcome: "ok", protocol: "rdap", message: null, statuses: [] } }} onEdit={noop} onDelete={noop} />);
    expect(await screen.findAllByText(/Checked with the registry/)).toHaveLength(1);
    expect(screen.getAllByRole("link", { name: "which registries publish expiry dates" })).toHaveLength(1);
  });

  it("says so when the TLD has no RDAP service", async () => {
    const base = userDomain({ id: 10, domainName: "example.de" });
    const message = "The .de registry offers no RDAP service, so its dates cannot be checked here; the dates shown are the ones entered";
    renderUi(<DomainCard domain={{ ...base, registry: { ...base.registry, outcome: "no_service", message, statuses: [], checkedAt: null } }} onEdit={noop} onDelete={noop} />);
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.getAllByText("entered by you")).toHaveLength(2);
  });
});
