/**
 * Internet.bs's API on loopback, answering `Account/PriceList/Get` with its documented example
 * (testing/fixtures/internetbs, SOURCES.md says where it comes from). Its refusal is the
 * `{status: "FAILURE", message, code}` the API answers; `setAnswer` serves another list.
 */
import { readFileSync } from "node:fs";
import { Hono } from "hono";
import { createControl, respond, type FakeBehaviour, type FakeControl } from "./fake-behaviour.ts";

export const INTERNETBS_ANSWER = readFileSync(new URL("./fixtures/internetbs/account-pricelist-get.json", import.meta.url), "utf8");

export interface FakeInternetBs {
  app: Hono;
  control: FakeControl;
  /** The form fields of every request, in order. */
  forms: Record<string, string>[];
  setAnswer(next: string): void;
}

export function fakeInternetBs(behaviour: FakeBehaviour = "success"): FakeInternetBs {
  const control = createControl(behaviour);
  const forms: Record<string, string>[] = [];
  let answer = INTERNETBS_ANSWER;
  const app = new Hono();
  app.post("/Account/PriceList/Get", async (c) => {
    forms.push(Object.fromEntries(new URLSearchParams(await c.req.text())));
    return respond(control, c, {
      contentType: "application/json",
      successText: () => answer,
      success: (c) => c.body(answer, 200, { "content-type": "application/json" }),
      malformed: () => Response.json({ transactid: "9f02bff265d0ee1fd50900dd2701f09b", status: "SUCCESS", product_0_name: ".in registration" }),
      providerError: (c) => c.json({ transactid: "6b6f221677db9d6933264b6a5f35ed03", status: "FAILURE", message: "Unexpected ERROR: Tech department has been notified!", code: 107015 }),
    });
  });
  return { app, control, forms, setAnswer: (next) => { answer = next; } };
}
