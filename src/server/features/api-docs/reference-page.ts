/** A readable page of the OpenAPI document: one section per endpoint with its parameters. */
import { html, raw } from "hono/html";
import { SITE_NAME } from "../../../shared/page-titles.ts";
import { RECEIVER_EXAMPLE } from "../../integrations/webhooks/receiver-example.ts";
import { allOperations, type DocumentedOperation, type OpenApiDocument } from "./openapi.ts";

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;line-height:1.5;color:#1a202c}
main{max-width:60rem;margin:2rem auto;padding:0 1rem;overflow-wrap:anywhere}
.site{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.25rem;padding:.75rem 1rem;border-bottom:1px solid #e2e8f0}
.site a{color:#2d3748;text-decoration:none}.site a:hover{text-decoration:underline}.site .brand{font-weight:700;font-size:1.15rem;color:#1a202c}
.site nav{display:flex;flex-wrap:wrap;gap:.25rem 1rem}
code{background:#edf2f7;padding:0 .25rem;border-radius:3px}table{border-collapse:collapse;width:100%}
th,td{text-align:left;border-bottom:1px solid #e2e8f0;padding:.35rem .5rem;vertical-align:top}
th{white-space:nowrap}td{overflow-wrap:break-word}td:first-child code{word-break:break-all}
h2 code{word-break:break-all}.auth{color:#4a5568;font-size:.9rem}
h2{margin-top:2.5rem;font-size:1.15rem}.method{color:#2f855a;font-weight:700;margin-right:.5rem}
pre{background:#edf2f7;padding:.75rem;border-radius:4px;overflow-x:auto}
@media (max-width:40rem){
table.params,table.params tbody,table.params tr,table.params td{display:block}
table.params thead{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%)}
table.params tr{border-bottom:1px solid #e2e8f0;padding:.5rem 0}
table.params td{border:0;padding:.1rem 0}
table.params td::before{content:attr(data-label) ": ";font-weight:600;color:#4a5568}
}`;

/** The site's own top bar, as plain links: the reference is served by the server, outside the app. */
const siteHeader = (brand: string) => html`<header class="site"><a class="brand" href="/">${brand}</a>
<nav aria-label="Site"><a href="/tlds">TLDs</a><a href="/registrars">Registrars</a><a href="/api-access">API access</a><a href="/documentation">Documentation</a></nav></header>`;

interface Parameter {
  name: string;
  in: string;
  description: string;
  schema: Record<string, unknown>;
}

/** A schema keyword's value as text: a string, number or boolean as it is, anything else as JSON. */
const text = (value: unknown) =>
  typeof value === "string" || typeof value === "number" || typeof value === "boolean" ? String(value) : JSON.stringify(value);

function constraints(schema: Record<string, unknown>): string {
  const parts: string[] = [text(schema.type ?? "string")];
  if (Array.isArray(schema.enum)) parts.push(`one of ${schema.enum.join(", ")}`);
  if (schema.minimum !== undefined) parts.push(`min ${text(schema.minimum)}`);
  if (schema.maximum !== undefined) parts.push(`max ${text(schema.maximum)}`);
  if (schema.maxLength !== undefined) parts.push(`up to ${text(schema.maxLength)} characters`);
  if (schema.default !== undefined) parts.push(`default ${text(schema.default)}`);
  return parts.join("; ");
}

/** What a generic webhook sends and how its receiver checks the signature (integrations/webhooks/signature.ts). */
const webhookSection = html`<section id="webhooks"><h2>Webhook notifications: verifying a generic webhook</h2>
<p>A generic webhook receives each notification as a <code>POST</code> with a JSON body
<code>{ "id", "type", "title", "text", "url", "createdAt", "data" }</code> and two headers:
<code>X-TLDScope-Timestamp</code>, the Unix time in seconds when it was signed, and
<code>X-TLDScope-Signature: v1=&lt;hex&gt;</code>, the lowercase hexadecimal HMAC-SHA256 of
<code>timestamp + "." + body</code> keyed with the webhook's secret (shown once, when the webhook is added).
To check a request: take the body exactly as received, before parsing it; compute the HMAC over the
timestamp header, a full stop and that body; compare it with the signature in constant time; and refuse a
timestamp more than five minutes from your clock, so a captured request cannot be replayed. Answer with any
2xx status within the time limit. A request whose answer never arrived may be sent again with the same
<code>id</code>, so drop repeats by <code>id</code>. In Node:</p>
<pre><code>${RECEIVER_EXAMPLE}</code></pre></section>`;

/** Who may make the call, in words. */
function authText(op: DocumentedOperation): string {
  const security = op.security;
  if (!security) return "No key needed; a key's calls are counted.";
  const key = security.find((s) => "apiKey" in s)?.apiKey;
  if (key?.length) return `Your API key with the ${key.join(", ")} scope, or your session on this site.`;
  return "An administrator's session on this site.";
}

export function renderReferencePage(doc: OpenApiDocument) {
  const sections = allOperations(doc).map(({ method, path, op }) => {
    const params = (op.parameters ?? []) as Parameter[];
    return html`<section id="${op.operationId}"><h2><span class="method">${method}</span><code>${path}</code></h2>
<p><strong>${op.summary}.</strong> ${op.description}</p>
<p class="auth">${authText(op)} <code>operationId: ${op.operationId}</code></p>
${params.length
    // On a phone each parameter is a block of labelled lines instead of four narrow columns (STYLE).
    ? html`<table class="params"><thead><tr><th>Parameter</th><th>In</th><th>Type and limits</th><th>Meaning</th></tr></thead><tbody>
${params.map((p) => html`<tr><td data-label="Parameter"><code>${p.name}</code></td><td data-label="In">${p.in}</td><td data-label="Type and limits">${constraints(p.schema)}</td><td data-label="Meaning">${p.description}</td></tr>`)}
</tbody></table>`
    : html`<p>No parameters.</p>`}</section>`;
  });
  return html`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${doc.info.title} reference</title><style>${raw(STYLE)}</style></head>
<body>${siteHeader(SITE_NAME)}<main><h1>${doc.info.title} reference</h1>
<p>${doc.info.description}</p>
<p>Authenticate with <code>Authorization: Bearer &lt;key&gt;</code>; keys are made on the <a href="/api-keys">API keys</a> page.
A wrong or revoked key is a 401; past the hourly limit the answer is a 429 with <code>Retry-After</code>.
Every answer carries an <code>ETag</code>: send it back as <code>If-None-Match</code> to get a 304 while nothing changed.
Errors are JSON: <code>{ "message": … }</code>. The machine-readable document is <a href="/api/openapi.json">/api/openapi.json</a> (OpenAPI 3.1).</p>
${sections}
${webhookSection}
<p><a href="/api-access">Back to API access</a></p></main></body></html>`;
}
