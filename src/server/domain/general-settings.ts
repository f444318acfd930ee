/** The admin General Settings, stored as one JSON value in app_meta (no row: the spec's defaults). */
import type { Db } from "../../../db/client.ts";
import { getMeta, META_KEYS, setMeta } from "../../../db/repositories/app-meta-repository.ts";
import { generalSettingsOf, type GeneralSettings } from "../../shared/schemas/general-settings.ts";

export async function readGeneralSettings(db: Db): Promise<GeneralSettings> {
  const stored = (await getMeta(db, [META_KEYS.generalSettings]))[META_KEYS.generalSettings];
  if (stored === undefined) return generalSettingsOf(null);
  try {
    return generalSettingsOf(JSON.parse(stored));
  } catch {
    return generalSettingsOf(null);
  }
}

export async function writeGeneralSettings(db: Db, settings: GeneralSettings): Promise<GeneralSettings> {
  await setMeta(db, META_KEYS.generalSettings, JSON.stringify(settings));
  return generalSettingsOf(settings);
}
