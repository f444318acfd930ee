// @vitest-environment happy-dom
import { screen, waitFor } from "@testing-library/react";
import userEvent, { type UserEvent } from "@testing-library/user-event";
import { delay, http, HttpResponse } from "msw";
import { afterEach, describe, expect, it } from "vitest";
import { findToast, renderUi, server, useMsw } from "../../testing/render.tsx";
import { clearToasts, mutationError, mutationOk, trpcOk } from "../../testing/trpc-msw.ts";
import { ContactPage } from "./contact-page.tsx";

useMsw();
afterEach(clearToasts);

/** By label; the success toast's title also starts with "Message", so the form's own fields are asked for by role. */
const field = (label: string) =>
  screen.getAllByLabelText(new RegExp(`^${label}`)).find((el) => /^(INPUT|SELECT|TEXTAREA)$/.test(el.tagName)) as HTMLInputElement;

async function fillValid(user: UserEvent) {
  await user.type(await screen.findByLabelText(/^Name/), "Ada Lovelace");
  await user.type(field("Email"), "ada@example.com");
  await user.selectOptions(field("Category"), "data-inquiry");
  await user.type(field("Subject"), "Missing registrar");
  await user.type(field("Message"), "Please add Gandi to the comparison.");
}

describe("Contact form", () => {
  it("shows the spec's message under each invalid field and sends nothing", async () => {
    const calls: unknown[] = [];
    server.use(mutationOk("contact.send", { id: 1 }, calls));
    const user = userEvent.setup();
    renderUi(<ContactPage />);
    await user.type(await screen.findByLabelText(/^Name/), "A");
    await user.type(field("Email"), "not-an-address");
    await user.type(field("Subject"), "Hey");
    await user.type(field("Message"), "Too short");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Name must be at least 2 characters")).toBeTruthy();
    expect(screen.getByText("Please enter a valid email address")).toBeTruthy();
    expect(screen.getByText("Please select a category")).toBeTruthy();
    expect(screen.getByText("Subject must be at least 5 characters")).toBeTruthy();
    expect(screen.getByText("Message must be at least 10 characters")).toBeTruthy();
    await user.clear(field("Name"));
    await user.type(field("Name"), "x".repeat(101));
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect(await screen.findByText("Name is too long")).toBeTruthy();
    expect(calls).toEqual([]);
    expect(document.title).toBe("Contact Us | TLDScope");
  });

  it("disables the button while sending ('Sending...'), then says so and resets the form", async () => {
    const calls: unknown[] = [];
    server.use(http.post("*/trpc/contact.send", async ({ request }) => {
      calls.push(await request.json());
      await delay(150);
      return HttpResponse.json({ result: { data: { id: 5, createdAt: new Date().toISOString() } } });
    }));
    const user = userEvent.setup();
    renderUi(<ContactPage />);
    await fillValid(user);
    await user.selectOptions(field("Priority"), "high");
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const sending = await screen.findByRole("button", { name: "Sending..." });
    expect((sending as HTMLButtonElement).disabled).toBe(true);
    const toast = await findToast("Message sent successfully!");
    expect(toast.textContent).toContain("We'll get back to you within 2-4 hours during business hours.");
    expect(calls).toEqual([{
      name: "Ada Lovelace", email: "ada@example.com", category: "data-inquiry", priority: "high",
      subject: "Missing registrar", message: "Please add Gandi to the comparison.",
    }]);
    await waitFor(() => expect(field("Name").value).toBe(""));
    expect(field("Message").value).toBe("");
    expect(field("Priority").value).toBe("normal");
    expect(screen.getByRole("button", { name: "Send Message" })).toBeTruthy();
  });

  it("keeps the text and shows the failure toast with the contact address when sending fails", async () => {
    server.use(
      trpcOk("site.settings", { communityChatUrl: null, contactEmail: "help@example.org" }),
      mutationError("contact.send", 500, "Internal server error"),
    );
    const user = userEvent.setup();
    renderUi(<ContactPage />);
    await screen.findByRole("link", { name: "help@example.org" });
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    const toast = await findToast("Error sending message");
    expect(toast.textContent).toContain("Please try again or contact us directly at help@example.org");
    expect(toast.getAttribute("data-type")).toBe("error");
    expect(field("Subject").value).toBe("Missing registrar");
  });

  it("passes on the server's reason when the hourly limit is reached", async () => {
    const limit = "You have sent 5 messages in the last hour. Please wait 12 minutes before sending another.";
    server.use(http.post("*/trpc/contact.send", () =>
      HttpResponse.json({ error: { message: limit, code: -32029, data: { code: "TOO_MANY_REQUESTS", httpStatus: 429, path: "contact.send" } } }, { status: 429 })));
    const user = userEvent.setup();
    renderUi(<ContactPage />);
    await fillValid(user);
    await user.click(screen.getByRole("button", { name: "Send Message" }));
    expect((await findToast("Error sending message")).textContent).toContain(limit);
  });
});
