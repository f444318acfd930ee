// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { signedIn, trpcError, trpcOk } from "../../testing/trpc-msw.ts";
import { StatusPage } from "./status-page.tsx";

useMsw();

const component = (id: string, name: string, status: string, group = "platform") => ({
  id, name, group, status, description: `${name} says ${status}`, responseTimeMs: null, lastSuccessAt: null,
});

function answer(components: ReturnType<typeof component>[], checkedAt = "2026-03-01T10:00:00.000Z", status = "operational") {
  return {
    status, checkedAt, uptimeSeconds: 93_780, components,
    metrics: { days: 30, fetches: 40, successfulFetches: 38, liveSuccesses: 30, bundledSuccesses: 8, notConfigured: 2, averageFetchMs: 812, incidents: 1 },
    incidents: [{ id: 1, title: "Dynadot fetches failing", description: "HTTP 503 from the price API", severity: "high", status: "in-progress", startTime: "2026-02-28T09:00:00.000Z", endTime: null }],
    priceChecks: { unusual: 48, hidden: 2 },
  };
}

describe("System status", () => {
  it("says 'All Systems Operational' when every component is, and shows measured figures and incidents", async () => {
    server.use(trpcOk("status.get", answer([component("web", "Web server", "operational"), component("p1", "Porkbun", "operational", "price-source")])));
    renderUi(<StatusPage />);
    expect(await screen.findByText("All Systems Operational")).toBeTruthy();
    const sources = within(screen.getByRole("region", { name: "Price sources" }));
    expect(sources.getByText("Porkbun says operational")).toBeTruthy();
    expect(sources.getByText("Operational")).toBeTruthy();
    expect(screen.getByText("1 day")).toBeTruthy();
    expect(screen.getByText("38 of 40 (95.0 %)")).toBeTruthy();
    expect(screen.getByText("30 live, 8 from the bundled price lists; 2 could not run: no price source configured")).toBeTruthy();
    expect(screen.getByText("812 ms")).toBeTruthy();
    expect(screen.getByText("48 marked")).toBeTruthy();
    expect(screen.getByText("2 hidden by an administrator")).toBeTruthy();
    expect(screen.getByRole("heading", { name: "Dynadot fetches failing" })).toBeTruthy();
    expect(screen.getByText("In Progress")).toBeTruthy();
    expect(document.title).toBe("System Status | TLDScope");
  });

  it("says 'All Systems Experiencing Issues' for degraded, maintenance, outage or an unknown value, shown as 'Unknown'", async () => {
    for (const status of ["degraded", "maintenance", "outage", "not-running"]) {
      const overall = status === "outage" ? "outage" : "degraded";
      server.use(trpcOk("status.get", answer([component("web", "Web server", "operational"), component("q", "Job queue", status)], undefined, overall)));
      const view = renderUi(<StatusPage />);
      expect(await screen.findByText("All Systems Experiencing Issues")).toBeTruthy();
      const platform = within(screen.getByRole("region", { name: "Platform" }));
      const expected = { degraded: "Degraded", maintenance: "Maintenance", outage: "Outage", "not-running": "Unknown" }[status]!;
      expect(platform.getByText(expected)).toBeTruthy();
      view.unmount();
    }
  });

  it("a default install after an offline fetch: unconfigured sources read 'Not configured', failing ones 'Degraded', and the banner says the site works", async () => {
    server.use(trpcOk("status.get", {
      ...answer([
        component("web", "Web server", "operational"), component("db", "Database", "operational"), component("q", "Job queue", "operational"),
        component("p1", "Porkbun", "degraded", "price-source"), component("p2", "Dynadot", "not-configured", "price-source"),
        component("p3", "Cloudflare Registrar", "not-configured", "price-source"),
      ], undefined, "degraded"),
      metrics: { days: 30, fetches: 12, successfulFetches: 4, liveSuccesses: 0, bundledSuccesses: 4, notConfigured: 4, averageFetchMs: 35, incidents: 0 },
    }));
    renderUi(<StatusPage />);
    expect(await screen.findByText("Site Operational: Some Price Sources Are Not Updating")).toBeTruthy();
    expect(screen.queryByText("All Systems Experiencing Issues")).toBeNull();
    const sources = within(screen.getByRole("region", { name: "Price sources" }));
    expect(sources.getAllByText("Not configured")).toHaveLength(2);
    expect(sources.getAllByText("Degraded")).toHaveLength(1);
    // The admin log's figures: 12 runs, 4 of them successful.
    expect(screen.getByText("12")).toBeTruthy();
    expect(screen.getByText("4 of 12 (33.3 %)")).toBeTruthy();
    expect(screen.getByText("0 live, 4 from the bundled price lists; 4 could not run: no price source configured")).toBeTruthy();
  });

  it("shows a source never fetched live as a neutral 'Not yet fetched', under an operational banner", async () => {
    server.use(trpcOk("status.get", answer([
      component("web", "Web server", "operational"), component("p1", "easyname", "not-fetched", "price-source"),
    ], undefined, "operational")));
    renderUi(<StatusPage />);
    expect(await screen.findByText("All Systems Operational")).toBeTruthy();
    const sources = within(screen.getByRole("region", { name: "Price sources" }));
    expect(sources.getByText("Not yet fetched")).toBeTruthy();
    expect(sources.queryByText("Unknown")).toBeNull();
  });

  it("links the Atom feed (and announces it in the head), and asks a signed-out visitor to sign in for e-mail updates", async () => {
    server.use(trpcOk("status.get", answer([component("web", "Web server", "operational")])));
    renderUi(<StatusPage />);
    const feed = await screen.findByRole("link", { name: "Atom feed" });
    expect(feed.getAttribute("href")).toBe("/status/feed.atom");
    const alternate = document.querySelector('link[rel="alternate"][type="application/atom+xml"]');
    expect(alternate?.getAttribute("href")).toBe("/status/feed.atom");
    const email = await screen.findByRole("link", { name: "Sign in for e-mail updates" });
    expect(email.getAttribute("href")).toBe("/api/login");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toBe(
      "Sign in to get an e-mail when an incident is reported here and when it is resolved, or add the Atom feed to a feed reader.",
    );
  });

  it("leads a signed-in visitor to the notification settings' status incident switch", async () => {
    server.use(trpcOk("status.get", answer([component("web", "Web server", "operational")])), signedIn({ firstName: "Ada", email: "ada@example.com" }));
    renderUi(<StatusPage />);
    const email = await screen.findByRole("link", { name: "E-mail updates" });
    expect(email.getAttribute("href")).toBe("/settings/notifications");
    expect(document.getElementById(email.getAttribute("aria-describedby")!)?.textContent).toContain(
      'switch on "Tell me when the status page reports an incident, and when it is resolved" in your notification settings',
    );
  });

  it("shows the overall state the server decided, not one worked out from the components", async () => {
    server.use(trpcOk("status.get", answer([component("web", "Web server", "operational"), component("db", "Database", "degraded")], undefined, "outage")));
    renderUi(<StatusPage />);
    expect(await screen.findByText("All Systems Experiencing Issues")).toBeTruthy();
  });

  it("asks the server again on Refresh and shows the new check time", async () => {
    let calls = 0;
    server.use(trpcOk("status.get", () => {
      calls += 1;
      return answer([component("web", "Web server", "operational")], calls === 1 ? "2026-03-01T10:00:00.000Z" : "2026-03-01T11:30:00.000Z");
    }));
    const user = userEvent.setup();
    renderUi(<StatusPage />);
    const first = (await screen.findByText(/^Last updated/)).textContent;
    await user.click(screen.getByRole("button", { name: "Refresh" }));
    await waitFor(() => expect(screen.getByText(/^Last updated/).textContent).not.toBe(first));
    expect(calls).toBe(2);
  });

  it("explains when the status check itself fails", async () => {
    server.use(trpcError("status.get", 500, "Internal server error"));
    renderUi(<StatusPage />);
    expect((await screen.findByRole("alert")).textContent).toContain("The server did not answer the status check: Internal server error");
  });
});
