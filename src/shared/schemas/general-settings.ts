import { z } from "zod";

/** Spec section 9: the choices of the admin General Settings tab. */
export const REFRESH_CHOICES = [5, 15, 30, 60] as const;
export const PAGE_SIZE_CHOICES = [10, 20, 50, 100] as const;

/** Body of PUT /api/admin/settings and priceEngine.generalSettings.save: every field, each checked. */
export const generalSettingsSchema = z.object({
  autoRefreshSeconds: z.number({ error: `The auto-refresh interval is one of ${REFRESH_CHOICES.join(", ")} seconds` })
    .refine((n) => (REFRESH_CHOICES as readonly number[]).includes(n), `The auto-refresh interval is one of ${REFRESH_CHOICES.join(", ")} seconds`),
  itemsPerPage: z.number({ error: `Items per page is one of ${PAGE_SIZE_CHOICES.join(", ")}` })
    .refine((n) => (PAGE_SIZE_CHOICES as readonly number[]).includes(n), `Items per page is one of ${PAGE_SIZE_CHOICES.join(", ")}`),
  emailNotifications: z.boolean({ error: "Email Notifications is on (true) or off (false)" }),
  systemHealthAlerts: z.boolean({ error: "System Health Alerts is on (true) or off (false)" }),
  fetchFailureNotifications: z.boolean({ error: "Fetch Failure Notifications is on (true) or off (false)" }),
});
export type GeneralSettings = z.output<typeof generalSettingsSchema>;

/** Spec section 2: 15 s, 20 rows, every switch on; in force until an administrator saves. */
export const DEFAULT_GENERAL_SETTINGS: GeneralSettings = {
  autoRefreshSeconds: 15, itemsPerPage: 20, emailNotifications: true, systemHealthAlerts: true, fetchFailureNotifications: true,
};

/** Stored JSON as settings: a field missing or no longer valid takes its default. */
export function generalSettingsOf(stored: unknown): GeneralSettings {
  const record = stored && typeof stored === "object" ? stored as Record<string, unknown> : {};
  const fields = generalSettingsSchema.shape;
  const out: Record<string, unknown> = { ...DEFAULT_GENERAL_SETTINGS };
  for (const key of Object.keys(fields) as (keyof GeneralSettings)[]) {
    const parsed = fields[key].safeParse(record[key]);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as GeneralSettings;
}
