import { Button, Field, Input, NativeSelect, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
import { textareaRecipe } from "@chakra-ui/react/theme";
import { useMutation } from "@tanstack/react-query";
import { useState, type FormEvent, type ReactNode } from "react";
import { CONTACT_CATEGORIES, CONTACT_LIMITS, CONTACT_PRIORITIES } from "../../../shared/schemas/contact.ts";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { useSiteSettings } from "../../lib/use-site-settings.ts";
import {
  CATEGORY_LABELS, EMPTY_CONTACT, PRIORITY_LABELS, readSendFailure, validateContact,
  type ContactErrors, type ContactField, type ContactValues,
} from "./contact-form-values.ts";

function FormField({ label, error, required, children }: { label: string; error?: string | undefined; required?: boolean; children: ReactNode }) {
  return (
    <Field.Root invalid={Boolean(error)} required={required}>
      <Field.Label>{label}<Field.RequiredIndicator /></Field.Label>
      {children}
      <Field.ErrorText>{error}</Field.ErrorText>
    </Field.Root>
  );
}

/** Spec section 5's form; the message is stored by the server, which answers with the same field messages. */
export function ContactForm() {
  const trpc = useTRPC();
  const send = useMutation(trpc.contact.send.mutationOptions());
  const { contactEmail } = useSiteSettings();
  const [values, setValues] = useState<ContactValues>(EMPTY_CONTACT);
  const [errors, setErrors] = useState<ContactErrors>({});

  const set = (field: ContactField) => (e: { target: { value: string } }) => {
    setValues((v) => ({ ...v, [field]: e.target.value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (send.isPending) return;
    const checked = validateContact(values);
    if (!checked.ok) return setErrors(checked.errors);
    setErrors({});
    try {
      await send.mutateAsync(checked.input);
      notify({ type: "success", title: "Message sent successfully!", description: "We'll get back to you within 2-4 hours during business hours." });
      setValues(EMPTY_CONTACT);
    } catch (error) {
      const failure = readSendFailure(error);
      setErrors(failure.errors);
      const fallback = contactEmail ? `Please try again or contact us directly at ${contactEmail}` : "Please try again in a few minutes.";
      notify({ type: "error", title: "Error sending message", description: failure.rateLimited ?? fallback });
    }
  };

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <FormField label="Name" error={errors.name} required>
            <Input name="name" autoComplete="name" value={values.name} onChange={set("name")} />
          </FormField>
          <FormField label="Email" error={errors.email} required>
            <Input name="email" type="email" autoComplete="email" value={values.email} onChange={set("email")} />
          </FormField>
          <FormField label="Category" error={errors.category} required>
            <NativeSelect.Root>
              <NativeSelect.Field name="category" value={values.category} onChange={set("category")}>
                <option value="">Select a category</option>
                {CONTACT_CATEGORIES.map((c) => <option key={c} value={c}>{CATEGORY_LABELS[c]}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
          <FormField label="Priority" error={errors.priority}>
            <NativeSelect.Root>
              <NativeSelect.Field name="priority" value={values.priority} onChange={set("priority")}>
                {CONTACT_PRIORITIES.map((p) => <option key={p} value={p}>{PRIORITY_LABELS[p]}</option>)}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
          </FormField>
        </SimpleGrid>
        <FormField label="Subject" error={errors.subject} required>
          <Input name="subject" value={values.subject} onChange={set("subject")} />
        </FormField>
        <FormField label="Message" error={errors.message} required>
          <Textarea recipe={textareaRecipe} name="message" rows={6} value={values.message} onChange={set("message")} />
          <Field.HelperText>{values.message.trim().length} / {CONTACT_LIMITS.messageMax}</Field.HelperText>
        </FormField>
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" disabled={send.isPending}>
          {send.isPending ? "Sending..." : "Send Message"}
        </Button>
      </Stack>
    </form>
  );
}
