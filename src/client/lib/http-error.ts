/**
 * Spec section 8: an unsuccessful response becomes an error whose message is
 * "{status}: {body text}" (or the status text when the body is empty).
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "HttpError";
  }
}

export async function throwIfNotOk(response: Response): Promise<void> {
  if (response.ok) return;
  const text = (await response.text().catch(() => "")) || response.statusText;
  throw new HttpError(response.status, `${response.status}: ${text}`);
}

/** Same-origin JSON GET that sends the session cookie. */
export async function getJson<T>(path: string): Promise<T> {
  const response = await fetch(new URL(path, window.location.origin), { credentials: "include" });
  await throwIfNotOk(response);
  return (await response.json()) as T;
}
