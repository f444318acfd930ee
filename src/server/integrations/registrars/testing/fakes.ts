/**
 * Every registrar fake by slug, with the config key its base URL goes in: tests, the sync
 * benchmark and browser journeys point a registrar at a loopback fake with one call.
 */
import type { Hono } from "hono";
import type { RegistrarSlug } from "../../../../shared/schemas/registrar-account.ts";
import { createFakeCloudflare } from "./fake-cloudflare.ts";
import { createFakeDynadot } from "./fake-dynadot.ts";
import { createFakeGoDaddy } from "./fake-godaddy.ts";
import { createFakeNameCom } from "./fake-namecom.ts";
import { createFakeNamecheap } from "./fake-namecheap.ts";
import { createFakePorkbun } from "./fake-porkbun.ts";
import type { FakeAccount } from "./fake-state.ts";

export const FAKE_CLIENT_IP = "198.51.100.20";

export const FAKES: Record<RegistrarSlug, { envKey: string; create: (account: FakeAccount) => Hono<any> }> = {
  porkbun: { envKey: "PORKBUN_API_URL", create: (a) => createFakePorkbun(a) },
  godaddy: { envKey: "GODADDY_API_URL", create: (a) => createFakeGoDaddy(a) },
  namecheap: { envKey: "NAMECHEAP_API_URL", create: (a) => createFakeNamecheap(a, { whitelistedIp: FAKE_CLIENT_IP }) },
  dynadot: { envKey: "DYNADOT_API_URL", create: (a) => createFakeDynadot(a) },
  namecom: { envKey: "NAMECOM_API_URL", create: (a) => createFakeNameCom(a) },
  cloudflare: { envKey: "CLOUDFLARE_API_URL", create: (a) => createFakeCloudflare(a) },
};
