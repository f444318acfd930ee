import { expect, it } from "vitest";
import { forEachDialect } from "../../../../db/testing/test-db.ts";
import { waitFor } from "../../../../jobs/testing/queue-test-kit.ts";
import { planTransferWindowReminders } from "./transfer-window-plan.ts";
import { dayFromNow, setRenewals, useMailWorker, userWithConfirmedEmail } from "../../testing/notifications.ts";

const STALE_DAYS = 90;
const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
const today = () => new Date().toISOString().slice(0, 10);
const readable = (iso: string) => new Date(`${iso}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });

forEachDialect("transfer window reminders", (getDb, _dialect, getTestDb) => {
  const setup = useMailWorker(getDb, getTestDb);
  const { app } = setup;

  it("are off by default; turned on, each window to a cheaper registrar is told once, by mail", async () => {
    // .com: the holder renews at 20.00; another registrar transfers and renews at 10.00; a third is cheaper but stale.
    const providers = await setRenewals(getDb(), "com", [{ cents: 2000, checked: daysAgo(3) }, { cents: 1000, checked: daysAgo(2) }, { cents: 500, checked: daysAgo(STALE_DAYS + 10) }]);
    const who = await userWithConfirmedEmail(app(), setup.smtp);
    const added = await who.client<{ id: number }>("/api/user-domains", {
      method: "POST", body: { domainName: "window-example.com", expirationDate: dayFromNow(200), registrationDate: "2020-01-01", serviceProviderId: providers[0]!.id },
    });
    expect(added.status).toBe(201);
    expect(await planTransferWindowReminders(getDb(), setup.queue, new Date(), STALE_DAYS)).toEqual({ due: 0, planned: 0, deliveries: 0 });

    const saved = await who.client("/api/notifications/preferences", {
      method: "PUT", body: { reminderOffsets: [30], deliveryModes: {}, enabledKinds: ["expiry", "transfer_window"], currency: "USD" },
    });
    expect(saved.status).toBe(200);
    expect(await planTransferWindowReminders(getDb(), setup.queue, new Date(), STALE_DAYS)).toEqual({ due: 1, planned: 1, deliveries: 1 });
    const [mail] = await waitFor(() => setup.smtp.mailsTo(who.email).filter((m) => m.subject?.includes("window-example.com")), (m) => m.length === 1);
    expect(mail!.subject).toBe(`The window to move window-example.com to ${providers[1]!.name} opens on ${readable(today())}`);
    expect(mail!.text).toContain(`start the move by ${readable(dayFromNow(194))} so that it is done before it renews on ${readable(dayFromNow(200))}. Moving saves $30.00 over 3 years.`);
    // The next day's scan finds the same window: told once.
    expect(await planTransferWindowReminders(getDb(), setup.queue, new Date(Date.now() + 86_400_000), STALE_DAYS)).toMatchObject({ due: 1, planned: 0 });
  });
});
