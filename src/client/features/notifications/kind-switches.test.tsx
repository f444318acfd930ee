// @vitest-environment happy-dom
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { mutationOk, signedIn, trpcOk } from "../../testing/trpc-msw.ts";
import { ReminderPreferences, type SavedPreferences } from "./reminder-preferences.tsx";

useMsw();

const OPERATOR = "Tell me when an incident opens or is resolved (administrators)";
const STATUS = "Tell me when the status page reports an incident, and when it is resolved";
const saved = (enabledKinds: string[]) => ({
  reminderOffsets: [30], deliveryModes: { expiry: "immediate" }, enabledKinds, currency: "USD", renewalChangePercent: 10, renewalUndercut: "2.00",
}) as SavedPreferences;

describe("Incident switches", () => {
  it("offers the operator incident switch to administrators only, and the status incident switch to everyone", async () => {
    server.use(trpcOk("prices.currencies", []), signedIn({ firstName: "Ada", email: "ada@example.com", isAdmin: false }));
    renderUi(<ReminderPreferences saved={saved(["expiry"])} />);
    expect(await screen.findByLabelText(STATUS)).toBeTruthy();
    expect(screen.queryByLabelText(OPERATOR)).toBeNull();
  });

  it("lets an administrator turn incident messages off, and a status subscription on", async () => {
    const calls: { enabledKinds: string[] }[] = [];
    server.use(trpcOk("prices.currencies", []), signedIn({ firstName: "Ada", email: "ada@example.com", isAdmin: true }),
      mutationOk("notifications.savePreferences", saved([]), calls));
    const user = userEvent.setup();
    renderUi(<ReminderPreferences saved={saved(["expiry", "operator_incident"])} />);
    const operator = await screen.findByLabelText<HTMLInputElement>(OPERATOR);
    expect(operator.checked).toBe(true);
    await user.click(operator);
    await user.click(screen.getByLabelText(STATUS));
    await user.click(screen.getByRole("button", { name: "Save settings" }));
    await findToast("Settings saved");
    expect(calls[0]!.enabledKinds).toContain("status_incident");
    expect(calls[0]!.enabledKinds).not.toContain("operator_incident");
  });
});
