// @vitest-environment happy-dom
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, describe, expect, it } from "vitest";
import { TimeZoneSelect } from "../../components/time-zone-select.tsx";
import { browserTimeZone, formatDateTime, getTimeZone, setAccountTimeZone, setTimeZone, TIME_ZONE_COOKIE, useTimeZone } from "../../lib/date-format.ts";
import { useAuth } from "../../lib/use-auth.ts";
import { renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationError, mutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { AccountPage } from "./account-page.tsx";

useMsw();
afterEach(async () => {
  setAccountTimeZone(null);
  setTimeZone(null);
  await clearToasts();
});

const AT = "2026-12-07T03:06:00.000Z";
const overview = (timeZone: string | null) => ({
  profile: { id: 1, email: "ada@example.com", firstName: "Ada", isAdmin: false, createdAt: "2026-01-02T10:00:00.000Z", lastSignInAt: null, timeZone },
  hasPassword: true, singleSignOn: false, mailConfigured: true,
  twoFactor: { enabled: false, recoveryCodesLeft: 0 },
  sessions: [],
});
const me = (timeZone: string | null) => trpcOk("auth.me", { id: 1, firstName: "Ada", email: "ada@example.com", isAdmin: false, timeZone });

describe("the account's time zone", () => {
  it("shows the browser's zone as the default and saves a chosen zone to the account, rewriting the page's times", async () => {
    const calls: unknown[] = [];
    server.use(trpcOk("account.overview", overview(null)), mutationOk("account.setTimeZone", (input: { timeZone: string | null }) => input, calls));
    const user = userEvent.setup();
    renderUi(<AccountPage />);
    const select = await screen.findByLabelText<HTMLSelectElement>("Time zone");
    expect(select.value).toBe("");
    expect(within(select).getByRole("option", { selected: true }).textContent).toBe(`Your browser's time zone: ${browserTimeZone()}`);
    await user.selectOptions(select, "Europe/Berlin");
    expect(await screen.findByText("Times are now shown in Europe/Berlin.")).toBeTruthy();
    expect(calls).toEqual([{ timeZone: "Europe/Berlin" }]);
    expect(select.value).toBe("Europe/Berlin");
    expect(getTimeZone()).toBe("Europe/Berlin");
    expect(formatDateTime(AT)).toBe("Dec 7, 2026, 4:06 AM GMT+1");
    // Back to the browser's: the account's setting is cleared.
    await user.selectOptions(select, "");
    await waitFor(() => expect(calls).toEqual([{ timeZone: "Europe/Berlin" }, { timeZone: null }]));
    await waitFor(() => expect(getTimeZone()).toBe(browserTimeZone()));
  });

  it("shows the account's saved zone, and a refused zone puts it back and says why", async () => {
    server.use(trpcOk("account.overview", overview("Asia/Tokyo")),
      mutationError("account.setTimeZone", 400, '"Asia/Atlantis" is not a time zone this server knows: choose one from the list, such as Europe/Berlin or UTC.'));
    setAccountTimeZone("Asia/Tokyo");
    const user = userEvent.setup();
    renderUi(<AccountPage />);
    const select = await screen.findByLabelText<HTMLSelectElement>("Time zone");
    expect(select.value).toBe("Asia/Tokyo");
    await user.selectOptions(select, "America/New_York");
    expect(await screen.findByText(/Your time zone was not saved\. "Asia\/Atlantis" is not a time zone this server knows/)).toBeTruthy();
    await waitFor(() => expect(select.value).toBe("Asia/Tokyo"));
    expect(getTimeZone()).toBe("Asia/Tokyo");
  });

  it("writes times in the signed-in account's zone before the one chosen in this browser", async () => {
    setTimeZone("America/New_York");
    server.use(me("Asia/Tokyo"));
    function Signed() {
      const { user } = useAuth();
      const { zone } = useTimeZone();
      return <p>{user ? `signed in: ${formatDateTime(AT, zone)}` : "loading"}</p>;
    }
    renderUi(<Signed />);
    await waitFor(() => expect(getTimeZone()).toBe("Asia/Tokyo"));
    expect(await screen.findByText("signed in: Dec 7, 2026, 12:06 PM GMT+9")).toBeTruthy();
  });

  it("makes the domain page's selector write the account's setting when signed in", async () => {
    const calls: unknown[] = [];
    server.use(me(null), mutationOk("account.setTimeZone", (input: { timeZone: string | null }) => input, calls));
    const user = userEvent.setup();
    const { queryClient } = renderUi(<TimeZoneSelect />);
    const select = await screen.findByLabelText<HTMLSelectElement>("Time zone");
    // Once auth.me has answered, the selector knows who is signed in.
    await waitFor(() => expect(queryClient.getQueryCache().findAll().some((q) => JSON.stringify(q.queryKey).includes('"auth","me"') && q.state.status === "success")).toBe(true));
    await user.selectOptions(select, "Australia/Sydney");
    await waitFor(() => expect(calls).toEqual([{ timeZone: "Australia/Sydney" }]));
    await waitFor(() => expect(getTimeZone()).toBe("Australia/Sydney"));
    expect(document.cookie).toContain(`${TIME_ZONE_COOKIE}=Australia%2FSydney`);
  });
});
