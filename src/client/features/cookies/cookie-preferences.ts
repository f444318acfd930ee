/**
 * Cookie preferences as spec document 2 describes them: a map of category id to boolean in
 * localStorage under "cookiePreferences". Essential is always on, whatever was stored.
 */
export const STORAGE_KEY = "cookiePreferences";
export const CATEGORY_IDS = ["essential", "analytics", "functional", "advertising"] as const;
export type CookieCategoryId = (typeof CATEGORY_IDS)[number];
export type CookiePreferences = Record<CookieCategoryId, boolean>;

export const DEFAULT_PREFERENCES: CookiePreferences = { essential: true, analytics: true, functional: false, advertising: false };

export function loadPreferences(storage: Storage = window.localStorage): CookiePreferences {
  try {
    const raw = storage.getItem(STORAGE_KEY);
    const stored = raw ? (JSON.parse(raw) as Partial<Record<string, unknown>>) : {};
    const read = (id: CookieCategoryId) => (typeof stored[id] === "boolean" ? stored[id] : DEFAULT_PREFERENCES[id]);
    return { essential: true, analytics: read("analytics"), functional: read("functional"), advertising: read("advertising") };
  } catch {
    // Unreadable or blocked storage: the defaults apply.
    return { ...DEFAULT_PREFERENCES };
  }
}

export function savePreferences(preferences: CookiePreferences, storage: Storage = window.localStorage): void {
  storage.setItem(STORAGE_KEY, JSON.stringify({ ...preferences, essential: true }));
}

export const ALL_ON: CookiePreferences = { essential: true, analytics: true, functional: true, advertising: true };
export const ESSENTIAL_ONLY: CookiePreferences = { essential: true, analytics: false, functional: false, advertising: false };
