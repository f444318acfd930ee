/**
 * The ready-made payloads cut a long message to the service's limit without leaving half an
 * escaped character ("&am") at the end, which Slack and Google Chat would show as is.
 */
import { describe, expect, it } from "vitest";
import { buildPayload, type WebhookMessage } from "./formats.ts";

const long: WebhookMessage = {
  id: "t", type: "domain.expiring", title: "example.com", text: "&".repeat(5000),
  createdAt: "2026-11-24T08:00:00.000Z", data: {},
};

const bodyOf = (format: "slack" | "google_chat") => JSON.parse(buildPayload(format, long, null, 0).body) as Record<string, unknown>;

describe("long messages", () => {
  it("end on a whole escaped character in Slack's section and Google Chat's text", () => {
    const slack = bodyOf("slack") as { blocks: { text: { text: string } }[] };
    const chat = bodyOf("google_chat") as { text: string };
    for (const text of [slack.blocks[0]!.text.text, chat.text]) {
      expect(text.endsWith("&amp;…")).toBe(true);
      expect(text.replace(/&amp;/g, "")).not.toContain("&");
    }
    expect(slack.blocks[0]!.text.text.length).toBeLessThanOrEqual(3000);
  });
});
