/**
 * A real SMTP server on loopback (smtp-server, a free port) that keeps every mail it receives,
 * parsed with mailparser, and counts them per recipient, for tests and browser journeys. No TLS,
 * any or no sign-in; `refuseSignIn` answers every sign-in 535, as a server whose account is wrong.
 */
import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export interface SmtpFake {
  /** smtp://127.0.0.1:PORT, for SMTP_URL. */
  url: string;
  mails: ParsedMail[];
  /** Mails to `to`, in arrival order. */
  mailsTo(to: string): ParsedMail[];
  /** Refuse the next `count` messages with this SMTP reply code (e.g. 451, 550). */
  refuseNext(count: number, code: number): void;
  close(): Promise<void>;
}

export async function startSmtpFake(port = 0, options: { refuseSignIn?: boolean } = {}): Promise<SmtpFake> {
  const mails: ParsedMail[] = [];
  let refusals = { count: 0, code: 451 };
  const server = new SMTPServer({
    authOptional: true, disabledCommands: ["STARTTLS"], logger: false, allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      if (options.refuseSignIn) callback(Object.assign(new Error(`Authentication failed for user ${auth.username}`), { responseCode: 535 }));
      else callback(null, { user: auth.username });
    },
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        if (refusals.count > 0) {
          refusals = { ...refusals, count: refusals.count - 1 };
          const error = Object.assign(new Error(refusals.code >= 500 ? "Mailbox unavailable" : "Try again later"), { responseCode: refusals.code });
          callback(error);
          return;
        }
        simpleParser(Buffer.concat(chunks)).then((mail) => {
          mails.push(mail);
          callback();
        }, callback);
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.server.address() as AddressInfo;
  const recipients = (m: ParsedMail) => (Array.isArray(m.to) ? m.to : m.to ? [m.to] : []).flatMap((a) => a.value.map((v) => v.address));
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    mailsTo: (to) => mails.filter((m) => recipients(m).includes(to)),
    refuseNext: (count, code) => {
      refusals = { count, code };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
