/** Writes the OpenAPI document's TypeScript types for the generated client's test: `npm run api:types`. */
import { writeFileSync } from "node:fs";
import { API_TYPES_FILE, renderApiTypes } from "../src/server/testing/api-types.ts";

writeFileSync(API_TYPES_FILE, await renderApiTypes());
console.log(`wrote ${API_TYPES_FILE}`);
