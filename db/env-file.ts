/**
 * Reads `.env` in the working directory, when there is one, into process.env: only keys not
 * already set, so a variable given to the process always wins over the file. The server,
 * db:migrate and db:seed import load-env.ts first, which calls it; the admin command calls it
 * when run as a command, before it reads its configuration.
 */
import { readFileSync } from "node:fs";
import { parseEnv } from "node:util";

export function loadEnvFile(path = ".env", env: NodeJS.ProcessEnv = process.env): string[] {
  let text: string;
  try {
    text = readFileSync(path, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const added: string[] = [];
  for (const [key, value] of Object.entries(parseEnv(text))) {
    if (env[key] !== undefined) continue;
    env[key] = value;
    added.push(key);
  }
  return added;
}
