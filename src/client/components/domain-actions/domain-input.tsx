import { useId } from "react";
import { DomainVerdictMessage } from "./domain-verdict-message.tsx";
import type { DomainVerdict } from "./domain-verdict.ts";

interface DomainInputProps {
  value: string;
  onChange: (value: string) => void;
  placeholder: string;
  helperText: string;
  /** The page's verdict on the value (useDomainVerdict): its message replaces the helper text. */
  verdict: DomainVerdict;
}

/**
 * Plain elements styled once by the static global stylesheet (`.app-field`, ui/app-global-css.ts),
 * with the label, description and invalid state Chakra's Field gave them: the box is on every TLD
 * and registrar page, where Chakra's Field and Input were styled on every render.
 */
export function DomainInput({ value, onChange, placeholder, helperText, verdict }: DomainInputProps) {
  const id = useId();
  const invalid = verdict.kind !== "empty" && verdict.kind !== "ok";
  const messageId = `${id}-${invalid ? "error" : "helper"}`;
  return (
    <div role="group" className="app-field" data-invalid={invalid ? "" : undefined}>
      <label htmlFor={id}>Domain name</label>
      <input
        id={id}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        placeholder={placeholder}
        autoComplete="off"
        autoCapitalize="none"
        spellCheck={false}
        inputMode="url"
        aria-describedby={messageId}
        aria-invalid={invalid || undefined}
      />
      {invalid ? (
        <span id={messageId} className="app-field-error" aria-live="polite" data-testid="domain-message">
          <DomainVerdictMessage verdict={verdict} />
        </span>
      ) : (
        <span id={messageId} className="app-field-helper">
          {helperText}
        </span>
      )}
    </div>
  );
}
