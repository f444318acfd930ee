/** Page arithmetic shared by the pagers (numbered-pager.tsx, list-pager.tsx, the admin tables'). */
import { MAX_PAGE_BUTTONS } from "../../shared/constants.ts";

/** How many pages `total` rows fill, at least one. */
export const pageCount = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** At most MAX_PAGE_BUTTONS page numbers, centred on the current page where the ends allow. */
export function pageWindow(current: number, totalPages: number, max: number = MAX_PAGE_BUTTONS): number[] {
  if (totalPages < 1) return [];
  const count = Math.min(max, totalPages);
  let start = Math.max(1, current - Math.floor(count / 2));
  start = Math.min(start, totalPages - count + 1);
  return Array.from({ length: count }, (_, i) => start + i);
}

/** "Showing x-y of total" bounds; 0-0 for an empty result. */
export function showingRange(page: number, limit: number, total: number): { from: number; to: number } {
  if (total === 0) return { from: 0, to: 0 };
  const from = Math.min((page - 1) * limit + 1, total);
  return { from, to: Math.min(page * limit, total) };
}
