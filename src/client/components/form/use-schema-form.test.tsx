// @vitest-environment happy-dom
import { Input } from "@chakra-ui/react";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TRPCClientError } from "@trpc/client";
import { describe, expect, it, vi } from "vitest";
import { z } from "zod";
import { renderUi, useMsw } from "../../testing/render.tsx";
import { FormField } from "./form-field.tsx";
import { schemaErrors, useSchemaForm } from "./use-schema-form.ts";

useMsw();

const schema = z.object({
  name: z.string().trim().min(1, "Name is required"),
  credentials: z.object({ apiKey: z.string().min(1, "API key is required") }),
});

function rejection(message: string, issues: { field: string; message: string }[]) {
  return new TRPCClientError(message, { result: { error: { message, code: -32600, data: { httpStatus: 400, issues } } } });
}

function TestForm({ submit, onSaved }: { submit: (input: z.output<typeof schema>) => Promise<unknown>; onSaved?: () => void }) {
  const { form, formError, pending, onSubmit } = useSchemaForm({
    defaultValues: { name: "", credentials: { apiKey: "" } },
    schema,
    submit,
    ...(onSaved ? { onSaved } : {}),
  });
  return (
    <form onSubmit={onSubmit} noValidate aria-label="Test form">
      <form.Field name="name">
        {(field) => (
          <FormField field={field} label="Name">
            <Input value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} />
          </FormField>
        )}
      </form.Field>
      <form.Field name="credentials.apiKey">
        {(field) => (
          <FormField field={field} label="API key" helper="From the registrar">
            <Input value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} />
          </FormField>
        )}
      </form.Field>
      {formError && <p role="alert">{formError}</p>}
      <button type="submit" disabled={pending}>Send</button>
    </form>
  );
}

describe("schemaErrors", () => {
  it("keeps the first message of each rendered field by its dotted path, and says an issue of no rendered field for the form", () => {
    const issues = [
      { path: ["credentials", "apiKey"], message: "First" },
      { path: ["credentials", "apiKey"], message: "Second" },
      { path: ["authType"], message: "Unknown sign-in type" },
    ];
    expect(schemaErrors(issues, ["name", "credentials.apiKey"])).toEqual({ fields: { "credentials.apiKey": "First" }, form: undefined });
    expect(schemaErrors(issues.slice(2), ["name", "credentials.apiKey"])).toEqual({ fields: {}, form: "Unknown sign-in type" });
  });
});

describe("useSchemaForm with FormField", () => {
  it("shows the shared schema's messages under their fields, nested ones included, and sends nothing", async () => {
    const submit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderUi(<TestForm submit={submit} />);
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(screen.getByText("API key is required")).toBeTruthy();
    expect(screen.queryByText("From the registrar")).toBeNull();
    expect(submit).not.toHaveBeenCalled();
  });

  it("checks the new values on every submit, while other fields still hold their messages", async () => {
    const submit = vi.fn(async () => undefined);
    const user = userEvent.setup();
    renderUi(<TestForm submit={submit} />);
    await user.click(await screen.findByRole("button", { name: "Send" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    await user.type(screen.getByRole("textbox", { name: "Name" }), "   ");
    await waitFor(() => expect(screen.queryByText("Name is required")).toBeNull());
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect(await screen.findByText("Name is required")).toBeTruthy();
    expect(screen.getByText("API key is required")).toBeTruthy();
    expect(submit).not.toHaveBeenCalled();
  });

  it("puts the server's field issues on the matching fields, and clears one when that field is edited", async () => {
    const submit = vi.fn(async () => {
      throw rejection("Invalid input", [{ field: "credentials.apiKey", message: "The registrar refused this key" }, { field: "name", message: "Name is taken" }]);
    });
    const user = userEvent.setup();
    renderUi(<TestForm submit={submit} />);
    await user.type(await screen.findByRole("textbox", { name: "Name" }), "  Main ");
    await user.type(screen.getByRole("textbox", { name: "API key" }), "k-1");
    await user.click(screen.getByRole("button", { name: "Send" }));

    expect(submit).toHaveBeenCalledWith({ name: "Main", credentials: { apiKey: "k-1" } }, expect.anything());
    const keyInput = screen.getByRole("textbox", { name: "API key" });
    await waitFor(() => expect(keyInput.getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("The registrar refused this key")).toBeTruthy();
    expect(screen.getByText("Name is taken")).toBeTruthy();
    expect(screen.getByRole("textbox", { name: "Name" }).getAttribute("aria-invalid")).toBe("true");
    // Field messages replace the general one.
    expect(screen.queryByRole("alert")).toBeNull();

    await user.type(keyInput, "2");
    await waitFor(() => expect(screen.queryByText("The registrar refused this key")).toBeNull());
    expect(screen.getByText("Name is taken")).toBeTruthy();
  });

  it("shows a server message that names no field above the buttons, and saves once the server agrees", async () => {
    const onSaved = vi.fn();
    const submit = vi.fn()
      .mockRejectedValueOnce(rejection("That name is already used", []))
      .mockResolvedValueOnce(undefined);
    const user = userEvent.setup();
    renderUi(<TestForm submit={submit} onSaved={onSaved} />);
    await user.type(await screen.findByRole("textbox", { name: "Name" }), "Main");
    await user.type(screen.getByRole("textbox", { name: "API key" }), "k-1");
    await user.click(screen.getByRole("button", { name: "Send" }));
    expect((await screen.findByRole("alert")).textContent).toBe("That name is already used");
    expect(onSaved).not.toHaveBeenCalled();

    await user.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(screen.queryByRole("alert")).toBeNull();
  });
});
