/**
 * No page scrolls sideways: every public page, every signed-in page (an administrator's, with a
 * portfolio, a failed webhook delivery and a watch to show) and the server's error pages, at a
 * 360 px phone and at 1366 px. Each page is scrolled to its end first, so parts drawn when they
 * come near the viewport (the price history's chart, the landing page's tables) are measured too.
 *
 * With SCREENSHOT_DIR set, each page is also saved there, whole, as <width>/<page>.png: how the
 * pages looked before and after a change can be put side by side (not kept in the repository).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { createAccount, stamp } from "./accounts.ts";
import { expect, test, type App } from "./fixtures.ts";

export const PUBLIC_PAGES = [
  "/", "/tlds", "/tld/com", "/tld/co.uk", "/registrars", "/registrar/1", "/icann-accredited-registrars", "/api-access",
  "/registry-operators", "/service-providers", "/documentation", "/help", "/contact", "/status", "/privacy", "/terms",
  "/cookies", "/no-such-page", "/api/no-such-call", "/api/reference",
];

export const SIGNED_IN_PAGES = [
  "/", "/portfolio", "/accounts", "/api-keys", "/settings/notifications", "/admin", "/admin/operations", "/admin/logs",
  "/admin/data", "/admin/alerts", "/admin/settings", "/admin/messages",
];

const WIDTHS = [360, 1366] as const;

/** Scrolls down a screen at a time to the end (so lazily drawn parts draw), then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  for (let i = 0; i < 40; i++) {
    const done = await page.evaluate(() => {
      window.scrollBy(0, window.innerHeight);
      return window.scrollY + window.innerHeight >= document.documentElement.scrollHeight - 2;
    });
    await page.waitForTimeout(120);
    if (done) break;
  }
  await page.waitForTimeout(300);
}

/**
 * How much wider than `viewport` (the screen's CSS width) the document is, and the element
 * sticking out furthest (to name in a failure). A phone browser widens its layout viewport to fit
 * wide content (window.innerWidth grows with it), so the screen's own width is the measure.
 */
const overflowOf = (page: Page, viewport: number) => page.evaluate((viewport) => {
  let culprit = "";
  let right = viewport;
  for (const element of Array.from(document.body.querySelectorAll<HTMLElement>("*"))) {
    const box = element.getBoundingClientRect();
    if (box.width > 0 && box.right > right + 1) {
      right = box.right;
      culprit = `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ""}.${String(element.className).slice(0, 60)} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    }
  }
  return { extra: Math.max(document.documentElement.scrollWidth, window.innerWidth) - viewport, culprit };
}, viewport);

const fileName = (path: string) => (path === "/" ? "home" : path.slice(1).replace(/[/.]/g, "_"));

async function checkPages(page: Page, paths: readonly string[], width: number, label: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR ? join(process.env.SCREENSHOT_DIR, String(width)) : null;
  if (dir) mkdirSync(dir, { recursive: true });
  for (const path of paths) {
    await page.goto(path);
    await page.waitForTimeout(400);
    await scrollThrough(page);
    const { extra, culprit } = await overflowOf(page, width);
    expect.soft(extra, `${label} ${path} at ${width} px is ${extra} px wider than the screen (${culprit})`).toBeLessThanOrEqual(0);
    if (dir) await page.screenshot({ path: join(dir, `${label}-${fileName(path)}.png`), fullPage: true });
  }
}

/**
 * An administrator with two domains, a watch, an e-mail address whose confirmation mail the
 * delivery log lists (a long address does not break), and a webhook whose test delivery failed.
 */
async function signedInWithData(page: Page, app: App, who: string): Promise<void> {
  const email = `${who}-${stamp}@example.com`;
  await createAccount(page, "Wendy", email);
  await app.grantAdmin(email);
  const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
  for (const domainName of [`wide-${who}-${stamp}.com`, `a-rather-long-domain-name-for-phones-${who}.net`]) {
    const res = await page.request.post("/api/user-domains", { data: { domainName, registrationDate: day(-300), expirationDate: day(40) } });
    expect(res.status(), await res.text()).toBe(201);
  }
  expect((await page.request.post("/api/notifications/watches", { data: { tld: "com", priceKind: "registration", target: "9.00" } })).status()).toBe(201);
  // A long address, confirmed and sent a test: the delivery log lists it in full.
  const address = `a-long-address-for-the-delivery-log-${who}-${stamp}@notifications.example.com`;
  const added = await page.request.post("/api/notifications/channels", { data: { email: address } });
  expect(added.status()).toBe(201);
  await expect.poll(() => app.fakes.mail.mailsTo(address).length, { timeout: 15_000 }).toBe(1);
  const confirm = /https?:\/\/\S+\/api\/notifications\/confirm\?token=[a-z2-7]+/.exec(app.fakes.mail.mailsTo(address)[0]!.text ?? "")![0];
  expect((await page.request.post(confirm)).status()).toBe(200);
  const { id: emailId } = (await added.json()) as { id: number };
  expect((await page.request.post(`/api/notifications/channels/${emailId}/test`)).status()).toBe(202);
  await expect.poll(() => app.fakes.mail.mailsTo(address).length, { timeout: 15_000 }).toBe(2);
  const hook = await page.request.post("/api/notifications/webhooks", { data: { url: "http://127.0.0.1:9/hooks/a-long-path-that-does-not-wrap-easily", format: "slack" } });
  const { channel } = (await hook.json()) as { channel: { id: number } };
  expect((await page.request.post(`/api/notifications/channels/${channel.id}/test`)).status()).toBe(202);
}

// Four long walks through every page: spread over the workers rather than queued in one.
test.describe.configure({ mode: "parallel" });

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: width === 360 ? 740 : 768 }, isMobile: width === 360, hasTouch: width === 360 });

    test(`no public page is wider than the screen at ${width} px`, async ({ page }) => {
      await checkPages(page, PUBLIC_PAGES, width, "public");
    });

    test(`no signed-in page is wider than the screen at ${width} px`, async ({ page, app }) => {
      await signedInWithData(page, app, `width${width}`);
      await checkPages(page, SIGNED_IN_PAGES, width, "signed-in");
    });
  });
}
