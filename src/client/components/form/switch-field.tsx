import { Switch } from "@chakra-ui/react";
import type { AnyFieldApi } from "@tanstack/react-form";

/**
 * An on/off switch bound to a boolean form field, named after it. Kept apart from fields.tsx,
 * so a form without a switch does not bring Switch's state machine along.
 */
export function SwitchField({ field, label }: { field: AnyFieldApi; label: string }) {
  return (
    <Switch.Root colorPalette="blue" name={field.name as string} checked={field.state.value as boolean} onCheckedChange={(e) => field.handleChange(e.checked)}>
      <Switch.HiddenInput />
      <Switch.Control><Switch.Thumb /></Switch.Control>
      <Switch.Label>{label}</Switch.Label>
    </Switch.Root>
  );
}
