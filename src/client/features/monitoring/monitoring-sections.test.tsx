// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { mutationError, mutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { MonitoringSections } from "./monitoring-sections.tsx";
import type { CertificateView, DnsView, MonitoringView } from "./types.ts";

useMsw();

const cert = (overrides: Partial<CertificateView>): CertificateView => ({
  host: "example.com", port: 443, hostId: null, state: "valid", reason: null, detail: null, issuer: "CN=R11, O=Let's Encrypt, C=US",
  subjectNames: ["example.com"], validFrom: "2026-01-01T00:00:00.000Z", validTo: "2026-03-01T00:00:00.000Z", daysLeft: 12, coversName: true, trusted: true,
  checkedAt: "2026-02-17T06:00:00.000Z", ...overrides,
});
const dns = (type: string, overrides: Partial<DnsView> = {}): DnsView => ({
  type, records: [], checkedAt: "2026-02-17T06:00:00.000Z", confirmedAt: "2026-02-01T06:00:00.000Z", pending: null, failure: null, ...overrides,
});

function view(overrides: Partial<MonitoringView> = {}): MonitoringView {
  return {
    domainId: 7, domainName: "example.com", lastCheckedAt: "2026-02-17T06:00:00.000Z", nextCheckAt: "2026-02-18T05:41:00.000Z", maxHosts: 20,
    certificates: [
      cert({}),
      cert({ host: "www.example.com", state: "invalid", reason: "name_mismatch", coversName: false, detail: "The certificate does not cover www.example.com; it is for example.com" }),
      cert({ host: "mail.example.com", port: 993, hostId: 3, state: "invalid", reason: "self_signed", trusted: false, issuer: "CN=mail.example.com", daysLeft: 300, validTo: "2026-12-14T00:00:00.000Z" }),
    ],
    dns: [
      dns("NS", { records: ["ns1.example.net", "ns2.example.net"] }),
      dns("A", { records: ["192.0.2.1"], pending: { records: ["198.51.100.7"], since: "2026-02-17T06:00:00.000Z" } }),
      dns("AAAA"), dns("MX", { records: ["10 mx.example.com"] }), dns("TXT", { records: ["v=spf1 -all"] }),
      dns("CAA", { records: null, checkedAt: null, confirmedAt: null }),
    ],
    ...overrides,
  };
}

describe("a domain's certificates and DNS", () => {
  it("shows each host's certificate with its issuer, end date, coverage, trust and failure in words", async () => {
    server.use(trpcOk("monitoring.get", view()));
    renderUi(<MonitoringSections domainId={7} />);
    const apex = within(await screen.findByRole("row", { name: "example.com:443" }));
    expect(apex.getByText("Valid")).toBeTruthy();
    expect(apex.getByText("CN=R11, O=Let's Encrypt, C=US")).toBeTruthy();
    expect(apex.getByText("(12 days left)")).toBeTruthy();
    const www = within(screen.getByRole("row", { name: "www.example.com:443" }));
    expect(www.getByText("Does not cover the name")).toBeTruthy();
    expect(www.getByText("The certificate does not cover www.example.com; it is for example.com")).toBeTruthy();
    expect(www.getByText("no")).toBeTruthy();
    const mail = within(screen.getByRole("row", { name: "mail.example.com:993" }));
    expect(mail.getByText("Self-signed")).toBeTruthy();
    expect(mail.getByRole("button", { name: "Stop watching mail.example.com port 993" })).toBeTruthy();
    expect(screen.getByText("1 of 20 extra hosts watched.")).toBeTruthy();
  });

  it("shows the records per type, an unconfirmed answer, and what Check now says", async () => {
    const asked: unknown[] = [];
    server.use(
      trpcOk("monitoring.get", view()),
      mutationOk("monitoring.checkNow", { ...view(), message: "The check is queued; results appear here within a minute" }, asked),
    );
    renderUi(<MonitoringSections domainId={7} />);
    const a = within(await screen.findByRole("row", { name: "A records" }));
    expect(a.getByText("192.0.2.1")).toBeTruthy();
    expect(a.getByText(/A different answer \(198\.51\.100\.7\) was seen/)).toBeTruthy();
    expect(within(screen.getByRole("row", { name: "AAAA records" })).getByText("None")).toBeTruthy();
    expect(within(screen.getByRole("row", { name: "CAA records" })).getByText("Not looked up yet")).toBeTruthy();
    await userEvent.click(screen.getByRole("button", { name: "Check certificates and DNS now" }));
    expect((await screen.findByRole("status")).textContent).toBe("The check is queued; results appear here within a minute");
    expect(asked).toEqual([{ id: 7 }]);
  });

  it("says why Check now was refused, and adds a host", async () => {
    const added: unknown[] = [];
    server.use(
      trpcOk("monitoring.get", view()),
      mutationError("monitoring.checkNow", 429, "You can ask for 10 certificate and DNS checks an hour; the next one is possible in 12 minutes"),
      mutationOk("monitoring.addHost", view({ certificates: [...view().certificates, cert({ host: "shop.example.com", port: 8443, hostId: 4, state: "not_checked", issuer: null, validTo: null, daysLeft: null, coversName: null, trusted: null, checkedAt: null })] }), added),
    );
    renderUi(<MonitoringSections domainId={7} />);
    await userEvent.click(await screen.findByRole("button", { name: "Check certificates and DNS now" }));
    expect((await screen.findByRole("alert")).textContent).toBe("You can ask for 10 certificate and DNS checks an hour; the next one is possible in 12 minutes");
    await userEvent.type(screen.getByLabelText("Host name"), "shop.example.com");
    await userEvent.clear(screen.getByLabelText("Port"));
    await userEvent.type(screen.getByLabelText("Port"), "8443");
    await userEvent.click(screen.getByRole("button", { name: "Watch host" }));
    expect(within(await screen.findByRole("row", { name: "shop.example.com:8443" })).getByText("Not checked yet")).toBeTruthy();
    expect(added).toEqual([{ id: 7, host: "shop.example.com", port: 8443 }]);
  });
});
