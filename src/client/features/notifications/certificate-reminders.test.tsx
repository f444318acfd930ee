// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationError, mutationOk, trpcError, trpcOk } from "../../testing/trpc-msw.ts";
import { CertificateReminders } from "./certificate-reminders.tsx";
import { NotificationSettingsPage } from "./notification-settings-page.tsx";

useMsw();
afterEach(clearToasts);

const FIELD = "Days before a certificate ends";
const SAVE = "Save certificate reminders";
const settings = (certificateOffsets: number[]) => trpcOk("monitoring.getSettings", { certificateOffsets });
/** The server's answer to a save: the days as it keeps them, without repeats and largest first. */
const kept = (input: { certificateOffsets: number[] }) => ({ certificateOffsets: [...new Set(input.certificateOffsets)].sort((a, b) => b - a) });

const retype = async (user: ReturnType<typeof userEvent.setup>, text: string) => {
  const field = screen.getByLabelText(FIELD);
  await user.clear(field);
  if (text) await user.type(field, text);
  await user.click(screen.getByRole("button", { name: SAVE }));
};

describe("Certificate reminders", () => {
  it("shows the saved days, saves new ones as numbers, says so, and shows them as the server keeps them", async () => {
    const calls: unknown[] = [];
    server.use(settings([14, 3, 1]), mutationOk("monitoring.saveSettings", kept, calls));
    const user = userEvent.setup();
    renderUi(<CertificateReminders />);
    const field = await screen.findByLabelText<HTMLInputElement>(FIELD);
    expect(field.value).toBe("14, 3, 1");

    await retype(user, "7 30, 7, 0");
    expect((await findToast("Certificate reminders saved"))).toBeTruthy();
    // Read by the shared schema before it is sent: whole numbers, no repeats, largest first.
    expect(calls).toEqual([{ certificateOffsets: [30, 7, 0] }]);
    expect(screen.getByLabelText<HTMLInputElement>(FIELD).value).toBe("30, 7, 0");
  });

  it("names what is wrong with the days in the shared schema's words, under the field, and sends nothing", async () => {
    const calls: unknown[] = [];
    server.use(settings([14, 3, 1]), mutationOk("monitoring.saveSettings", kept, calls));
    const user = userEvent.setup();
    renderUi(<CertificateReminders />);
    await screen.findByLabelText(FIELD);
    // The message Chakra's field ties to the input (aria-errormessage), so it is this field's own.
    const messageOf = () => {
      const id = screen.getByLabelText(FIELD).getAttribute("aria-errormessage");
      return id ? document.getElementById(id)?.textContent : undefined;
    };
    const cases: [string, string][] = [
      ["14, 120", "A certificate reminder can come at most 90 days before it ends"],
      ["", "Choose at least one reminder day"],
      ["soon", "Each reminder is a whole number of days"],
      ["1.5", "Each reminder is a whole number of days"],
      ["-1", "A reminder cannot come after the certificate ends"],
      ["30, 14, 7, 3, 1, 0", "At most 5 certificate reminder days"],
    ];
    for (const [typed, expected] of cases) {
      await retype(user, typed);
      await waitFor(() => expect(messageOf()).toBe(expected));
    }
    expect(calls).toEqual([]);
    expect(screen.queryByText("Certificate reminders saved")).toBeNull();
  });

  it("puts the server's refusal on the field or above the button, and toasts that the save failed", async () => {
    server.use(settings([14, 3, 1]), mutationError("monitoring.saveSettings", 400, "Invalid input", [
      { field: "certificateOffsets.0", message: "A certificate reminder can come at most 90 days before it ends" },
    ]));
    const user = userEvent.setup();
    renderUi(<CertificateReminders />);
    await screen.findByLabelText(FIELD);
    await retype(user, "45");
    expect(await screen.findByText("A certificate reminder can come at most 90 days before it ends")).toBeTruthy();
    expect((await findToast("Error")).textContent).toContain("Could not save the certificate reminders.");
    await clearToasts();

    server.use(mutationError("monitoring.saveSettings", 500, "The database is unavailable"));
    await retype(user, "45");
    expect((await screen.findByRole("alert")).textContent).toBe("The database is unavailable");
    expect((await findToast("Error")).textContent).toContain("Could not save the certificate reminders.");
    expect(screen.getByLabelText<HTMLInputElement>(FIELD).value).toBe("45");
  });

  it("says nothing is sent while certificate notifications are switched off, and says when the days cannot be loaded", async () => {
    server.use(settings([14, 3, 1]));
    const { unmount } = renderUi(<CertificateReminders kindOn={false} />);
    expect((await screen.findByRole("status")).textContent).toContain("Certificate notifications are switched off");
    unmount();
    server.use(trpcError("monitoring.getSettings", 500, "The database is unavailable"));
    renderUi(<CertificateReminders />);
    expect(await screen.findByText("Could not load your certificate reminders. The database is unavailable")).toBeTruthy();
    expect(screen.queryByRole("button", { name: SAVE })).toBeNull();
  });

  it("sits on the notification settings page right after the expiry reminders", async () => {
    const preferences = { reminderOffsets: [30], deliveryModes: { expiry: "immediate" }, enabledKinds: ["expiry", "certificate"], currency: "USD", renewalChangePercent: 10, renewalUndercut: "2.00" };
    server.use(trpcOk("notifications.overview", { emailAvailable: true, channels: [], preferences }), settings([21, 7]),
      trpcOk("notifications.watches.list", []), trpcOk("notifications.deliveries", []));
    renderUi(<NotificationSettingsPage />);
    expect((await screen.findByLabelText<HTMLInputElement>(FIELD)).value).toBe("21, 7");
    const headings = screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);
    expect(headings.indexOf("Certificate reminders")).toBe(headings.indexOf("Expiry reminders") + 1);
    expect(screen.queryByText(/Certificate notifications are switched off/)).toBeNull();
  });
});
