/**
 * Before any worker starts a server: the build must exist (the journeys build nothing), and every
 * third-party base URL in the config (*_API_URL, *_PRICES_URL, *_BOOTSTRAP_URL) and WHOIS server address
 * (WHOIS_*_SERVER, WHOIS_SERVER_*) must have a loopback fake, or a journey could reach the internet.
 */
import { missingBuild } from "../scripts/e2e-server.ts";
import { loadConfig } from "../src/server/config.ts";
import { FAKED_API_URLS } from "./fakes.ts";

export default function globalSetup(): void {
  const missing = missingBuild();
  if (missing) throw new Error(missing);
  const unfaked = Object.keys(loadConfig({})).filter((key) => (/_(API|PRICES|BOOTSTRAP)_URL$/.test(key) || /^WHOIS_(.+_SERVER|SERVER_.+)$/.test(key)) && !(FAKED_API_URLS as readonly string[]).includes(key));
  if (unfaked.length > 0) throw new Error(`No loopback fake for ${unfaked.join(", ")}: add one in e2e/fakes.ts.`);
}
