/**
 * A provider's register/transfer URL pattern: an http or https URL on the provider's own site,
 * with `{domain}` where the domain goes (in the path, query or fragment; a pattern without it
 * links to a page where the visitor types the domain). Checked where a pattern is written (the
 * provider edit, the seed import) and again where a link is made from a stored one.
 */

export const URL_PATTERN_PLACEHOLDER = "{domain}";
export const URL_PATTERN_MAX_LENGTH = 2000;

/** The pattern with the domain in place of every {domain}, URL-encoded. */
export const fillUrlPattern = (pattern: string, domain: string) => pattern.replaceAll(URL_PATTERN_PLACEHOLDER, encodeURIComponent(domain));

function parsedHttpUrl(text: string): URL | null {
  try {
    const url = new URL(text);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname ? url : null;
  } catch {
    return null;
  }
}

/** What is wrong with a pattern, as a sentence naming it by `label`; null when it makes good links. */
export function urlPatternProblem(pattern: string, label = "URL pattern"): string | null {
  if (pattern.length > URL_PATTERN_MAX_LENGTH) return `${label} must be at most ${URL_PATTERN_MAX_LENGTH} characters`;
  const stray = /\{[^}]*\}?|\}/.exec(pattern.replaceAll(URL_PATTERN_PLACEHOLDER, ""));
  if (stray) return `${label} may contain no placeholder but ${URL_PATTERN_PLACEHOLDER} (found "${stray[0]}")`;
  const one = parsedHttpUrl(fillUrlPattern(pattern, "example.com"));
  const other = parsedHttpUrl(fillUrlPattern(pattern, "other-example.org"));
  if (!one || !other) return `${label} must be an http or https URL, such as https://registrar.example/search?q=${URL_PATTERN_PLACEHOLDER}`;
  // Else a link could lead to whatever site the requested domain names (an open redirect).
  if (one.origin !== other.origin || one.username !== other.username) {
    return `${label} must keep ${URL_PATTERN_PLACEHOLDER} out of the scheme and host: put it in the path or query`;
  }
  return null;
}
