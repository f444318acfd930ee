/**
 * A monitoring notification writes its moments in the owner's time zone, named by its IANA name,
 * and in UTC while the owner chose none: planned from a stored certificate event and mailed. The
 * domain's history on its page says the same sentence.
 */
import { expect, it } from "vitest";
import { recordDomainEvents } from "../../db/repositories/domain-event-repository.ts";
import { forEachDialect } from "../../db/testing/test-db.ts";
import { waitFor } from "../../jobs/testing/queue-test-kit.ts";
import { planDomainEvents } from "./features/notifications/domain-event-plan.ts";
import { APP_URL, useMailWorker, userWithConfirmedEmail } from "./testing/notifications.ts";

const VALID_TO = "2026-12-17T03:05:15.000Z";

forEachDialect("notifications in the owner's time zone", (getDb, _dialect, getTestDb) => {
  const setup = useMailWorker(getDb, getTestDb);

  /** A certificate of `name` ending at VALID_TO, told to its owner by mail; the mail's text. */
  async function certificateMail(h: Awaited<ReturnType<typeof userWithConfirmedEmail>>, name: string) {
    const added = await h.client<{ id: number }>("/api/user-domains", { method: "POST", body: { domainName: name } });
    expect(added.status, added.text).toBe(201);
    const ids = await recordDomainEvents(getDb(), [{
      userDomainId: added.body.id, category: "certificate", kind: "certificate_expiring", subject: `www.${name}:443`,
      newValue: { daysLeft: 10, validTo: VALID_TO }, occurredAt: new Date(),
    }]);
    expect((await planDomainEvents(getDb(), setup.queue, ids, new Date(), APP_URL)).planned).toBe(1);
    const [mail] = await waitFor(() => setup.smtp.mailsTo(h.email).filter((m) => m.subject?.includes(name)), (m) => m.length === 1);
    const history = await h.client<{ events: { kind: string; text: string }[] }>(`/api/user-domains/${added.body.id}/history`);
    expect(history.status, history.text).toBe(200);
    const told = history.body.events.find((e) => e.kind === "certificate_expiring")!.text;
    return { mail: mail!.text!.replace(/\s+/g, " "), history: told };
  }

  it("writes a certificate's end in the owner's zone, named, and in UTC without one", async () => {
    const zoned = await userWithConfirmedEmail(setup.app(), setup.smtp);
    expect((await zoned.client("/api/account/time-zone", { method: "PUT", body: { timeZone: "Europe/Berlin" } })).status).toBe(200);
    const berlin = "(valid until Dec 17, 2026, 4:05 AM (Europe/Berlin))";
    const zonedTold = await certificateMail(zoned, `zoned-${Date.now()}.com`);
    expect(zonedTold.mail).toContain(berlin);
    expect(zonedTold.history).toContain(berlin);

    const plain = await userWithConfirmedEmail(setup.app(), setup.smtp);
    const utc = "(valid until Dec 17, 2026, 3:05 AM UTC)";
    const plainTold = await certificateMail(plain, `plain-${Date.now()}.com`);
    expect(plainTold.mail).toContain(utc);
    expect(plainTold.history).toContain(utc);
  });
});
