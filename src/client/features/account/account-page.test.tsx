// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationError, mutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { AccountPage } from "./account-page.tsx";

useMsw();
afterEach(clearToasts);

const HERE = "a".repeat(64);
const PHONE = "b".repeat(64);
const overview = (over: Record<string, unknown> = {}) => ({
  profile: { id: 1, email: "ada@example.com", firstName: "Ada", isAdmin: false, createdAt: "2026-01-02T10:00:00.000Z", lastSignInAt: "2026-11-20T09:00:00.000Z" },
  hasPassword: true, singleSignOn: false, mailConfigured: true,
  twoFactor: { enabled: false, recoveryCodesLeft: 0 },
  sessions: [
    { id: HERE, device: "Firefox on Windows", ip: "203.0.113.5", createdAt: "2026-11-20T09:00:00.000Z", lastSeenAt: "2026-11-28T09:00:00.000Z", current: true },
    { id: PHONE, device: "Safari on iPhone", ip: "198.51.100.7", createdAt: "2026-11-01T09:00:00.000Z", lastSeenAt: "2026-11-27T09:00:00.000Z", current: false },
  ],
  ...over,
});

describe("account settings page", () => {
  it("lists the sessions and signs another one out by its id", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("account.overview", overview()), mutationOk("account.signOutSession", { removed: true, current: false }, calls));
    const user = userEvent.setup();
    renderUi(<AccountPage />);
    const table = within(await screen.findByRole("table", { name: "Active sessions" }));
    expect(table.getByText("This device")).toBeTruthy();
    expect(table.getByText("198.51.100.7")).toBeTruthy();
    await user.click(table.getByRole("button", { name: "Sign out Safari on iPhone" }));
    await screen.findByRole("table", { name: "Active sessions" });
    expect(calls).toEqual([{ id: PHONE }]);
    expect(screen.getByRole("button", { name: "Sign out everywhere else" })).toBeTruthy();
  });

  it("sets up two-step sign-in: the QR code, the code check, and the recovery codes shown once", async () => {
    const confirmed: unknown[] = [];
    const begun: unknown[] = [];
    server.use(
      trpcOk("account.overview", overview()),
      mutationOk("account.beginTwoFactorSetup", { secret: "JBSWY3DPEHPK3PXP", uri: "otpauth://totp/x", qrSvg: '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10"/></svg>' }, begun),
      mutationOk("account.confirmTwoFactorSetup", { recoveryCodes: Array.from({ length: 10 }, (_, i) => `abcde-fgh${String.fromCharCode(97 + i)}2`) }, confirmed),
    );
    const user = userEvent.setup();
    renderUi(<AccountPage />);
    // The password first: a session alone cannot set it up.
    const setupForm = await screen.findByRole("form", { name: "Set up two-step sign-in" });
    await user.type(within(setupForm).getByLabelText("Current password"), "my secret words");
    await user.click(within(setupForm).getByRole("button", { name: "Set up two-step sign-in" }));
    expect((await screen.findByRole("img", { name: "QR code for your authenticator app" })).querySelector("svg")).toBeTruthy();
    expect(screen.getByTestId("totp-secret").textContent).toBe("JBSWY3DPEHPK3PXP");
    await user.type(screen.getByLabelText("Code from the app"), "123456");
    await user.click(screen.getByRole("button", { name: "Turn on" }));
    const codes = within(await screen.findByTestId("recovery-codes")).getAllByRole("listitem");
    expect(codes).toHaveLength(10);
    expect(begun).toEqual([{ password: "my secret words" }]);
    expect(confirmed).toEqual([{ code: "123456", password: "my secret words" }]);
    expect(screen.getByText(/they will not be shown again/)).toBeTruthy();
  });

  it("offers the recovery codes to copy and to download, numbered inside their box, and labels the fields that manage two-step sign-in", async () => {
    const recoveryCodes = Array.from({ length: 10 }, (_, i) => `abcde-fgh${String.fromCharCode(97 + i)}2`);
    const renewed: unknown[] = [];
    server.use(trpcOk("account.overview", overview({ twoFactor: { enabled: true, recoveryCodesLeft: 3 } })), mutationOk("account.renewRecoveryCodes", { recoveryCodes }, renewed));
    const user = userEvent.setup();
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
    const created: Blob[] = [];
    const createObjectURL = vi.spyOn(URL, "createObjectURL").mockImplementation((blob) => {
      created.push(blob as Blob);
      return "blob:codes";
    });
    vi.spyOn(URL, "revokeObjectURL").mockImplementation(() => undefined);
    const downloads: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push(this.download);
    });
    try {
      renderUi(<AccountPage />);
      const manage = await screen.findByRole("form", { name: "Manage two-step sign-in" });
      // Visible labels, not placeholders that vanish while typing.
      await user.type(within(manage).getByLabelText("Current password"), "my secret words");
      await user.type(within(manage).getByLabelText("Code from the app or a recovery code"), "123456");
      expect(within(manage).queryByPlaceholderText(/Current password|Code from the app/)).toBeNull();
      await user.click(within(manage).getByRole("button", { name: "New recovery codes" }));
      expect(renewed).toEqual([{ code: "123456", password: "my secret words" }]);

      const box = await screen.findByRole("region", { name: "Recovery codes" });
      const list = within(box).getByTestId("recovery-codes");
      expect(list.tagName).toBe("OL");
      // The list's numbers are drawn in its own padding, inside the box.
      // Each code's number is drawn inside the box, beside it (not a list marker hanging outside the border).
      const items = within(list).getAllByRole("listitem");
      expect(items.map((item) => item.textContent)).toEqual(recoveryCodes.map((code, i) => `${i + 1}.${code}`));
      await user.click(within(box).getByRole("button", { name: "Copy" }));
      expect(writeText).toHaveBeenCalledTimes(1);
      const copiedText = (writeText.mock.calls[0] as unknown as [string])[0];
      for (const code of recoveryCodes) expect(copiedText).toContain(code);
      expect(copiedText).toMatch(/^ 1\. abcde-fgha2$/m);
      expect(await within(box).findByRole("button", { name: "Copied" })).toBeTruthy();
      await user.click(within(box).getByRole("button", { name: "Download" }));
      expect(createObjectURL).toHaveBeenCalledTimes(1);
      expect(downloads).toEqual(["tldscope-recovery-codes.txt"]);
      expect(await created[0]!.text()).toBe(copiedText);
    } finally {
      click.mockRestore();
      vi.restoreAllMocks();
    }
  });

  it("refuses to delete without the right password and shows the server's reason in the dialog", async () => {
    server.use(trpcOk("account.overview", overview()), mutationError("account.deleteAccount", 400, "Your current password is not right.", [{ field: "password", message: "Your current password is not right." }]));
    const user = userEvent.setup();
    renderUi(<AccountPage />);
    await user.click(await screen.findByRole("button", { name: "Delete my account" }));
    const dialog = within(await screen.findByRole("alertdialog", { name: "Delete your account?" }));
    await user.type(dialog.getByLabelText("Your password"), "wrong one");
    await user.click(dialog.getByRole("button", { name: "Delete my account for good" }));
    expect(await dialog.findByText("Your current password is not right.")).toBeTruthy();
  });

  it("tells a user on a server without mail that the address cannot be changed here", async () => {
    server.use(trpcOk("account.overview", overview({ mailConfigured: false })));
    renderUi(<AccountPage />);
    expect(await screen.findByText(/This server cannot send e-mail, so a new address cannot be confirmed/)).toBeTruthy();
    expect(screen.queryByRole("form", { name: "Change e-mail address" })).toBeNull();
  });
});
