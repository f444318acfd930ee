/**
 * A page's state kept in its URL (the search params), so a view can be shared, reloaded and
 * reached again with Back: the price table (/tlds), the portfolio (/portfolio) and the price
 * logs (/admin/logs). Validators are hand-written rather than zod: route validators ship in the
 * first-load bundle, where even zod/mini added about 16 KB gzipped. A bad value is dropped, never
 * an error page: a mistyped link still shows the page.
 */

/** `value` when it is one of `allowed`. */
export const oneOf = <T>(allowed: readonly T[], value: unknown): T | undefined =>
  allowed.includes(value as T) ? (value as T) : undefined;

/** A page number: a whole number from 1 to 1,000,000. */
export const pageParam = (value: unknown): number | undefined =>
  typeof value === "number" && Number.isInteger(value) && value >= 1 && value <= 1_000_000 ? value : undefined;

/** Search text cut at `max` characters. The router reads "?search=123" as the number 123; a search for it is still text. */
export const textParam = (value: unknown, max: number): string | undefined =>
  typeof value === "string" || typeof value === "number" ? String(value).slice(0, max) : undefined;

/** A state read from the URL and written back to it. */
export interface UrlStateCodec<S> {
  /** The state the URL names: every key it leaves out takes its default. */
  fromSearch: (search: Partial<S>) => S;
  /** Only what differs from the defaults goes into the URL, so the plain path stays plain. */
  toSearch: (state: S) => Partial<S>;
}

export function urlStateCodec<S extends object>(defaults: S): UrlStateCodec<S> {
  const keys = Object.keys(defaults) as Array<keyof S>;
  return {
    fromSearch: (search) => ({ ...defaults, ...search }),
    toSearch: (state) => {
      const search: Partial<S> = {};
      for (const key of keys) {
        if (state[key] !== defaults[key]) search[key] = state[key];
      }
      return search;
    },
  };
}

/** What useUrlState needs of a route (TanStack Router's Route or getRouteApi(path)). */
export interface UrlStateRoute<S> {
  useSearch: () => Partial<S>;
  useNavigate: () => (options: { search: Partial<S>; replace: boolean; resetScroll: false }) => Promise<void>;
}

/**
 * The state a route keeps in its URL, and the change that writes a new one there. Typing refines
 * the same view, so a new search text replaces the history entry; paging, sorting and filtering
 * push one. The page keeps its scroll position.
 */
export function useUrlState<S extends { search: string }>(route: UrlStateRoute<S>, codec: UrlStateCodec<S>): [S, (next: S) => void] {
  const navigate = route.useNavigate();
  const state = codec.fromSearch(route.useSearch());
  const onStateChange = (next: S) => {
    void navigate({ search: codec.toSearch(next), replace: next.search !== state.search, resetScroll: false });
  };
  return [state, onStateChange];
}
