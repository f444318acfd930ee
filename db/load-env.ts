/** Imported first by each entry point: `.env` is read before any other module looks at process.env. */
import { loadEnvFile } from "./env-file.ts";

loadEnvFile();
