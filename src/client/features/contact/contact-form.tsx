import { Button, Field, NativeSelect, SimpleGrid, Stack, Textarea } from "@chakra-ui/react";
import { textareaRecipe } from "@chakra-ui/react/theme";
import { useMutation } from "@tanstack/react-query";
import { CONTACT_CATEGORIES, CONTACT_LIMITS, CONTACT_PRIORITIES, contactMessageSchema } from "../../../shared/schemas/contact.ts";
import { TextField } from "../../components/form/fields.tsx";
import { FormField } from "../../components/form/form-field.tsx";
import { useSchemaForm } from "../../components/form/use-schema-form.ts";
import { notify } from "../../components/ui/toaster.tsx";
import { useTRPC } from "../../lib/trpc.ts";
import { useSiteSettings } from "../../lib/use-site-settings.ts";
import { CATEGORY_LABELS, EMPTY_CONTACT, PRIORITY_LABELS, rateLimitMessage } from "./contact-form-values.ts";

/** Spec section 5's form; the message is stored by the server, which answers with the same field messages. */
export function ContactForm() {
  const trpc = useTRPC();
  const send = useMutation(trpc.contact.send.mutationOptions());
  const { contactEmail } = useSiteSettings();
  const { form, pending, onSubmit, reset } = useSchemaForm({
    defaultValues: EMPTY_CONTACT,
    schema: contactMessageSchema,
    submit: (input) => send.mutateAsync(input),
    onSaved: () => {
      notify({ type: "success", title: "Message sent successfully!", description: "We'll get back to you within 2-4 hours during business hours." });
      reset();
    },
    onFailed: (error) => {
      const fallback = contactEmail ? `Please try again or contact us directly at ${contactEmail}` : "Please try again in a few minutes.";
      notify({ type: "error", title: "Error sending message", description: rateLimitMessage(error) ?? fallback });
    },
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Contact form">
      <Stack gap="4">
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="4">
          <form.Field name="name">{(field) => <TextField field={field} label="Name" required autoComplete="name" />}</form.Field>
          <form.Field name="email">{(field) => <TextField field={field} label="Email" required type="email" autoComplete="email" />}</form.Field>
          <form.Field name="category">
            {(field) => (
              <FormField field={field} label="Category" required>
                <NativeSelect.Root>
                  <NativeSelect.Field name="category" value={field.state.value} onChange={(e) => field.handleChange(e.target.value)}>
                    <option value="">Select a category</option>
                    {CONTACT_CATEGORIES.map((c) => <option key={c} value={c}>{CATEGORY_LABELS[c]}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            )}
          </form.Field>
          <form.Field name="priority">
            {(field) => (
              <FormField field={field} label="Priority">
                <NativeSelect.Root>
                  <NativeSelect.Field name="priority" value={field.state.value} onChange={(e) => field.handleChange(e.target.value)}>
                    {CONTACT_PRIORITIES.map((p) => <option key={p} value={p}>{PRIORITY_LABELS[p]}</option>)}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </FormField>
            )}
          </form.Field>
        </SimpleGrid>
        <form.Field name="subject">{(field) => <TextField field={field} label="Subject" required />}</form.Field>
        <form.Field name="message">
          {(field) => (
            <FormField field={field} label="Message" required>
              <Textarea recipe={textareaRecipe} name="message" rows={6} value={field.state.value} onChange={(e) => field.handleChange(e.target.value)} />
              <Field.HelperText>{field.state.value.trim().length} / {CONTACT_LIMITS.messageMax}</Field.HelperText>
            </FormField>
          )}
        </form.Field>
        <Button type="submit" colorPalette="blue" alignSelf="flex-start" disabled={pending}>
          {pending ? "Sending..." : "Send Message"}
        </Button>
      </Stack>
    </form>
  );
}
