/**
 * Words from outside (a registrar's name from RDAP, a DNS TXT record) reach every channel as
 * text: one list of hostile values (Markdown links, Slack's and Chat's "<…>" markup, HTML,
 * mentions, line breaks, 2,000 characters) goes through each channel's real sender (the webhook
 * sender to a loopback receiver, the e-mail sender to a fake mailer), and each format is read as
 * its service reads it: no link under a label, no mention, no markup from outside, and every
 * length limit kept. The notification's own words put outside values on one line, shortened,
 * with their web addresses kept from turning into links.
 */
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { ChannelRow } from "../../../../db/repositories/notification-channel-repository.ts";
import type { DomainEventWithEntry } from "../../../../db/repositories/domain-event-repository.ts";
import type { DeliveryWork } from "../../../../db/repositories/notification-repository.ts";
import { loadConfig } from "../../config.ts";
import type { MailMessage, Mailer } from "../../integrations/email/smtp-mailer.ts";
import { createCredentialCipher } from "../../lib/credential-cipher.ts";
import { createTokenSigner } from "../../lib/signed-token.ts";
import { TEST_APP_SECRET } from "../../testing/test-app.ts";
import type { OutgoingMessage } from "./deps.ts";
import { domainEventMessage } from "./domain-event-plan.ts";
import { emailSender } from "./email-sender.ts";
import { notificationMessage } from "./render.ts";
import { sealServiceCredentials, sealWebhookSecret, webhookSender } from "./webhook-sender.ts";

const ORIGIN = "https://tldscope.example";
const LINK = `${ORIGIN}/portfolio/7`;

/** What a hijacker may put in a registrar's name, a nameserver or a TXT record. */
const HOSTILE = [
  "[Click to keep your domain](https://evil.example/phish)",
  "<https://evil.example/verify|Verify now>",
  "<!channel> <!here> <!everyone> <@U024BE7LH> <#C024BE7LR> <!subteam^SAZ94GDB8>",
  "@everyone @here @channel @room @all @someone",
  "<users/all> <t:1700000000> <@&123456> <@!42>",
  '<a href="https://evil.example/">Renew here</a><img src=x onerror=alert(1)><script>alert(1)</script>',
  "**act now** __now__ ~~x~~ `code` ||spoiler|| ![img](https://evil.example/i.png)\n# Heading\n> quote\n- item",
  "Evil Registrar\r\nSubject: Your domain\r\n\r\n[Verify](https://evil.example)",
  "&lt;b&gt; &amp; &#60;a href=x&#62; \\[escaped\\](https://evil.example)",
  "\u202Eevil\u202C \u200B@\u200Beveryone",
  `[${"x".repeat(1990)}](https://evil.example)`,
  "y".repeat(2000),
];

const messageWith = (value: string): OutgoingMessage => {
  const work: DeliveryWork = {
    id: 1, channelId: 1, attempts: 0,
    notification: {
      id: 7, userId: 1, kind: "registry_change", title: `Warning: example.com registrar changed to ${value}`, dueDate: "2027-03-01",
      createdAt: new Date("2027-03-01T08:00:00Z"),
      payload: {
        url: LINK,
        text: "Warning: example.com changed. If you did not make this change, act now: check the domain at its registrar.\n\n"
          + `Registrar changed from Example Registrar (IANA 1) to ${value}.\n\nThe domain's history: ${LINK}`,
      },
    },
  };
  return notificationMessage(work);
};

interface Captured {
  path: string;
  headers: IncomingMessage["headers"];
  body: string;
}

/** A mention a chat service would notify someone of: "@" at a word's start, before a letter. */
const MENTION = /(^|[^\p{L}\p{N}_.+-])@(?=[\p{L}\p{N}_])/u;
/** Characters of Discord's Markdown that are live unless a backslash stands before them. */
const DISCORD_MARKUP = "[]()<>@*_~`|";

/** The characters of `set` in `text` with no escaping backslash before them (an even run of backslashes escapes nothing). */
function unescaped(text: string, set: string): string[] {
  const found: string[] = [];
  for (let i = 0; i < text.length; i++) {
    if (!set.includes(text[i]!)) continue;
    let slashes = 0;
    for (let j = i - 1; j >= 0 && text[j] === "\\"; j--) slashes++;
    if (slashes % 2 === 0) found.push(text[i]!);
  }
  return found;
}

const decodeHeader = (value: string) => {
  const encoded = /^=\?UTF-8\?B\?([A-Za-z0-9+/=]+)\?=$/.exec(value);
  return encoded ? Buffer.from(encoded[1]!, "base64").toString("utf8") : value;
};

describe("outside words in every channel format", () => {
  const captured: Captured[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      captured.push({ path: req.url!, headers: req.headers, body: Buffer.concat(chunks).toString("utf8") });
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ ok: true, status: 1, event_id: "$1", id: 1 }));
    });
  });
  let base = "";
  const cipher = createCredentialCipher(TEST_APP_SECRET);
  const signer = createTokenSigner(TEST_APP_SECRET);
  let send: ReturnType<typeof webhookSender>;
  const mails: MailMessage[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m), close: () => {} };
  let sendMail: (message: OutgoingMessage) => Promise<void>;
  const row = (over: Partial<ChannelRow>): ChannelRow => ({
    id: 3, userId: 1, kind: "webhook", email: null, confirmedAt: new Date(), confirmExpiresAt: null, url: null,
    format: null, target: null, secret: null, disabledAt: null, unsubscribeGeneration: 0, createdAt: new Date(), ...over,
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const config = loadConfig({
      NODE_ENV: "test", LOG_LEVEL: "silent", APP_SECRET: TEST_APP_SECRET, APP_URL: ORIGIN, WEBHOOK_ALLOW_PRIVATE: "127.0.0.1:*",
      WEBHOOK_TIMEOUT_SECONDS: "3", TELEGRAM_API_URL: base, PUSHOVER_API_URL: base,
    });
    send = webhookSender(config, cipher);
    const toMail = emailSender(config, signer, mailer);
    sendMail = (message) => toMail(row({ kind: "email", email: "owner@example.com", format: null, url: null }), message, new AbortController().signal);
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => { server.closeAllConnections(); server.close(() => resolve()); });
  });
  beforeEach(() => {
    captured.length = 0;
    mails.length = 0;
  });
  const channels = () => ({
    generic: row({ format: "generic", url: `${base}/generic`, secret: sealWebhookSecret(cipher, "whsec_test") }),
    ntfy: row({ format: "ntfy", url: `${base}/topic` }),
    slack: row({ format: "slack", url: `${base}/services/T0/B0/x` }),
    discord: row({ format: "discord", url: `${base}/api/webhooks/1/x` }),
    teams: row({ format: "teams", url: `${base}/workflows/1` }),
    google_chat: row({ format: "google_chat", url: `${base}/v1/spaces/A/messages?key=k&token=t` }),
    telegram: row({ format: "telegram", target: "424242", secret: sealServiceCredentials(cipher, { botToken: "123456789:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw" }) }),
    pushover: row({ format: "pushover", secret: sealServiceCredentials(cipher, { appToken: "a".repeat(30), userKey: "u".repeat(30) }) }),
    gotify: row({ format: "gotify", url: `${base}/gotify`, secret: sealServiceCredentials(cipher, { appToken: "AbCdEf" }) }),
    matrix: row({ format: "matrix", url: `${base}/matrix`, target: "!room:matrix.example", secret: sealServiceCredentials(cipher, { accessToken: "syt_x" }) }),
    apprise: row({ format: "apprise", url: `${base}/apprise`, target: "tldscope", secret: sealServiceCredentials(cipher, {}) }),
  });
  type Format = keyof ReturnType<typeof channels>;

  /** What each service would show of the request: checked as that service reads it. */
  const checks: Record<Format, (got: Captured, sent: OutgoingMessage) => void> = {
    // The signed JSON is data for a program: the words go as they are, in JSON strings, and nothing here renders them.
    generic: (got, sent) => {
      const body = JSON.parse(got.body) as Record<string, unknown>;
      expect(got.headers["content-type"]).toBe("application/json");
      expect(got.headers["x-tldscope-signature"]).toBeDefined();
      expect(body).toMatchObject({ title: sent.title, text: sent.text, url: LINK });
    },
    ntfy: (got, sent) => {
      const title = decodeHeader(got.headers.title as string);
      expect(title).not.toMatch(/[\r\n]/);
      expect([...title].length).toBeLessThanOrEqual(250);
      expect(got.headers.markdown).toBeUndefined();
      expect(got.headers["content-type"]).toBe("text/plain; charset=utf-8");
      expect(got.headers.click).toBe(LINK);
      expect(Buffer.byteLength(got.body, "utf8")).toBeLessThanOrEqual(4096);
      expect(sent.text.startsWith(got.body.slice(0, -1))).toBe(true);
    },
    slack: (got) => {
      const body = JSON.parse(got.body) as { text: string; blocks: { text: { text: string } }[] };
      // Slack's notifications show the top-level text; the channel shows the section: both are mrkdwn.
      for (const text of [body.text, body.blocks[0]!.text.text]) {
        expect(text.length).toBeLessThanOrEqual(3000);
        const outside = text.replace(/<https:\/\/tldscope\.example\/portfolio\/7\|[^<>]*>/, "");
        expect(outside).not.toMatch(/[<>]/);
        expect(outside).not.toMatch(MENTION);
        expect(outside.replace(/&(amp|lt|gt);/g, "")).not.toContain("&");
      }
    },
    discord: (got) => {
      const body = JSON.parse(got.body) as { embeds: { title: string; description: string; url: string }[]; allowed_mentions: unknown };
      const embed = body.embeds[0]!;
      expect(body.allowed_mentions).toEqual({ parse: [] });
      expect(embed.url).toBe(LINK);
      expect(embed.title.length).toBeLessThanOrEqual(256);
      expect(embed.title).not.toMatch(MENTION);
      expect(embed.description.length).toBeLessThanOrEqual(4096);
      expect(unescaped(embed.description, DISCORD_MARKUP)).toEqual([]);
      expect(embed.description).not.toMatch(/^\s*[#>+-]/m);
    },
    teams: (got) => {
      const card = (JSON.parse(got.body) as { attachments: { content: { body: { type: string; inlines: { type: string; text: string }[] }[]; actions: unknown } }[] })
        .attachments[0]!.content;
      // Text runs render no Markdown: every word of the card is in one, none in a TextBlock.
      expect(got.body).not.toContain(`"type":"TextBlock"`);
      for (const block of card.body) {
        expect(block.type).toBe("RichTextBlock");
        for (const inline of block.inlines) expect(inline.type).toBe("TextRun");
      }
      expect(card.body[0]!.inlines[0]!.text.length).toBeLessThanOrEqual(400);
      expect(card.body.slice(1).reduce((n, b) => n + b.inlines[0]!.text.length, 0)).toBeLessThanOrEqual(20_000);
      expect(card.actions).toEqual([{ type: "Action.OpenUrl", title: "Open in TLDScope", url: LINK }]);
    },
    google_chat: (got) => {
      const { text } = JSON.parse(got.body) as { text: string };
      expect(text.length).toBeLessThanOrEqual(4096);
      const outside = text.replace(`<${LINK}|Open in TLDScope>`, "");
      expect(outside).not.toMatch(/[<>]/);
      expect(outside).not.toContain("](");
      expect(outside).not.toMatch(MENTION);
    },
    telegram: (got) => {
      const { text, parse_mode: mode } = JSON.parse(got.body) as { text: string; parse_mode: string };
      expect(mode).toBe("HTML");
      expect(text.length).toBeLessThanOrEqual(4096);
      const outside = text.replace(`<a href="${LINK}">Open in TLDScope</a>`, "").replace(/<\/?b>/g, "");
      expect(outside).not.toMatch(/[<>]/);
      expect(outside).not.toMatch(MENTION);
    },
    pushover: (got) => {
      const form = new URLSearchParams(got.body);
      expect(form.has("html")).toBe(false);
      expect(form.get("title")!.length).toBeLessThanOrEqual(250);
      expect(form.get("message")!.length).toBeLessThanOrEqual(1024);
      expect(form.get("url")).toBe(LINK);
    },
    gotify: (got) => {
      const body = JSON.parse(got.body) as { title: string; message: string; extras: Record<string, { contentType?: string; click?: { url: string } }> };
      expect(body.extras["client::display"]).toEqual({ contentType: "text/plain" });
      expect(body.extras["client::notification"]).toEqual({ click: { url: LINK } });
      expect(body.title.length).toBeLessThanOrEqual(250);
      expect(body.message.length).toBeLessThanOrEqual(10_000);
    },
    matrix: (got) => {
      const body = JSON.parse(got.body) as { body: string; formatted_body: string; "m.mentions": unknown };
      expect(body["m.mentions"]).toEqual({});
      const outside = body.formatted_body.replace(`<a href="${LINK}">Open in TLDScope</a>`, "").replace(/<\/?(p|strong)>|<br>/g, "");
      expect(outside).not.toMatch(/[<>]/);
      for (const text of [body.body, body.formatted_body]) expect(text).not.toMatch(MENTION);
      expect(body.body.length).toBeLessThanOrEqual(1000 + 20_000 + LINK.length + 4);
    },
    // Apprise hands the words on to services that may read Markdown or Slack's markup.
    apprise: (got) => {
      const body = JSON.parse(got.body) as { title: string; body: string; format: string };
      expect(body.format).toBe("text");
      expect(body.title.length).toBeLessThanOrEqual(250);
      expect(body.body.length).toBeLessThanOrEqual(30_000 + LINK.length + 2);
      for (const text of [body.title, body.body]) {
        expect(text).not.toContain("](");
        expect(text).not.toMatch(/<[!@#/a-z]/i);
        expect(text).not.toMatch(MENTION);
      }
    },
  };

  it.each(HOSTILE.map((value, i) => [i, value] as const))("hostile value %i reaches no channel as markup, a link or a mention", async (_i, value) => {
    const sent = messageWith(value);
    const all = channels();
    for (const format of Object.keys(all) as Format[]) {
      captured.length = 0;
      await send(all[format], sent, new AbortController().signal);
      expect(captured, format).toHaveLength(1);
      try {
        checks[format](captured[0]!, sent);
      } catch (error) {
        throw new Error(`${format}: ${(error as Error).message}`, { cause: error });
      }
    }

    await sendMail(sent);
    const mail = mails[0]!;
    expect(mail.subject).not.toMatch(/[\r\n]/);
    expect(mail.subject.length).toBeLessThanOrEqual(250);
    // The only links of the HTML part are this product's (settings, unsubscribe), and no tag comes from outside.
    const tags = mail.html.match(/<[a-z][^>]*>/gi) ?? [];
    expect(tags.filter((t) => /^<a\b/i.test(t)).map((t) => /href="([^"]*)"/.exec(t)?.[1]?.startsWith(`${ORIGIN}/`))).toEqual([true, true]);
    expect(tags.filter((t) => !/^<(a|p|br|hr|h1|html|head|body|meta|title|!doctype)\b/i.test(t))).toEqual([]);
    expect(mail.text).toContain(sent.text);
  });

  it("keeps a message without outside words as it reads in each format", async () => {
    const sent = messageWith("Porkbun, LLC (IANA 1861)");
    await send(channels().discord, sent, new AbortController().signal);
    const embed = (JSON.parse(captured[0]!.body) as { embeds: { description: string }[] }).embeds[0]!;
    expect(embed.description).toContain("Registrar changed from Example Registrar \\(IANA 1\\) to Porkbun, LLC \\(IANA 1861\\).");
    await send(channels().teams, sent, new AbortController().signal);
    const card = (JSON.parse(captured[1]!.body) as { attachments: { content: { body: { inlines: { text: string }[] }[] } }[] }).attachments[0]!.content;
    expect(card.body.map((b) => b.inlines[0]!.text)).toEqual([sent.title, ...sent.text.split("\n\n")]);
  });
});

describe("outside values in a domain event's words", () => {
  const event = (kind: string, subject: string | null, oldValue: unknown, newValue: unknown): DomainEventWithEntry => ({
    id: 1, userDomainId: 7, category: kind === "dns_changed" ? "dns" : "registry", kind, subject, severity: "alarm",
    oldValue, newValue, occurredAt: new Date("2027-03-01T08:00:00Z"), userId: 1, domainName: "example.com",
  });

  it("puts each on one line, at most 200 characters, a list at most 20 items, with web addresses kept from becoming links", () => {
    for (const value of HOSTILE) {
      const registrar = domainEventMessage(event("registrar_changed", null, { name: "Example Registrar", ianaId: 1 }, { name: value, ianaId: 2 }), ORIGIN);
      const records = Array.from({ length: 50 }, (_, i) => `${value} ${i}`);
      const dns = domainEventMessage(event("dns_changed", "TXT", ["v=spf1 -all"], records), ORIGIN);
      for (const message of [registrar, dns]) {
        const [lead, what, history, ...more] = message.text.split("\n\n");
        expect(more).toEqual([]);
        expect(lead).toBe("Warning: example.com changed. If you did not make this change, act now: check the domain at its registrar.");
        expect(history).toBe(`The domain's history: ${LINK}`);
        expect(what).not.toMatch(/[\r\n\u202E\u200B]/);
        expect(what).not.toMatch(/https?:\/\//);
        expect(message.title).not.toMatch(/[\r\n]/);
        // The stored payload keeps what the registry said.
        expect(message.payload.new).toEqual(message === registrar ? { name: value, ianaId: 2 } : records);
      }
      expect(registrar.text.length).toBeLessThan(600);
      expect(dns.text).toContain("and 30 more");
      expect(dns.text.length).toBeLessThan(21 * 210 + 400);
    }
  });
});
