import type { SystemStyleObject } from "@chakra-ui/react";

/**
 * Body rows of the data tables are plain <tr>/<td> styled by this one rule on Table.Root, the
 * way Chakra's "line" table looks at size "sm". A Chakra Table.Cell per cell meant emotion
 * serialising and hashing the same styles hundreds of times per render (the registrar table
 * has up to 700 rows); a single rule costs the same for 5 rows or 500.
 *
 * Cells: data-num right-aligns numbers; data-sticky pins the first column while the table
 * scrolls sideways; .sub is a muted second line; data-message is a full-width note.
 */
export const PLAIN_ROWS_CSS: SystemStyleObject = {
  "& tbody td": { px: "2", py: "2", borderBottomWidth: "1px", borderColor: "border", verticalAlign: "middle", bg: "bg" },
  "& tbody tr:hover td": { bg: "bg.muted" },
  "& td[data-num]": { textAlign: "end", whiteSpace: "nowrap" },
  "& td[data-sticky]": { position: "sticky", insetInlineStart: "0", zIndex: "1" },
  "& td[data-message]": { py: "10", textAlign: "center", color: "fg.muted" },
  "& td[data-message=error]": { color: "fg.error" },
  "& td a": { color: "blue.fg", fontWeight: "semibold", textDecoration: "none", rounded: "xs" },
  "& td a:hover": { textDecoration: "underline" },
  "& td a:focus-visible": { outline: "2px solid", outlineColor: "blue.focusRing", outlineOffset: "2px" },
  "& .sub": { display: "block", fontSize: "xs", color: "fg.muted", fontWeight: "normal" },
  "& .cell-stack": { display: "flex", flexDirection: "column", alignItems: "flex-start", gap: "0.5" },
  "& .cell-row": { display: "flex", alignItems: "center", gap: "3" },
  "& .cell-actions": { display: "flex", justifyContent: "flex-end", gap: "2" },
};

/** Chakra's md breakpoint (48em, 768 px) less a hair, as Chakra writes its own `mdDown`: a phone. */
const PHONE_MEDIA = "@media screen and (max-width: 47.9975em)";

const STACKED_ON_PHONE: SystemStyleObject = {
  whiteSpace: "normal",
  "&, & > tbody, & > tbody > tr, & > tbody > tr > td": { display: "block" },
  "& > thead:not([data-sort-bar])": {
    position: "absolute", width: "1px", height: "1px", overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap",
  },
  "& tbody tr": { px: "3", py: "2", borderBottomWidth: "1px", borderColor: "border" },
  "& tbody tr:last-of-type": { borderBottomWidth: "0" },
  "& tbody td": { px: "0", py: "0.5", borderBottomWidth: "0", bg: "transparent" },
  "& tbody tr:hover": { bg: "bg.muted" },
  "& tbody tr:hover td": { bg: "transparent" },
  "& td[data-sticky]": { position: "static" },
  "& td[data-num]": { whiteSpace: "normal" },
  "& td[data-label]": { display: "flow-root", textAlign: "end" },
  "& td[data-label]::before": {
    content: "attr(data-label)", float: "inline-start", marginInlineEnd: "3", color: "fg.muted", fontWeight: "medium", textAlign: "start",
  },
  "& td[data-message]": { py: "10", textAlign: "center" },
};

/**
 * PLAIN_ROWS_CSS, and on a phone each body row a card, so its prices show without sideways
 * scrolling. The rows stay the same HTML; CSS alone lays them out. A cell with a `data-label`
 * shows that label at its start and its value at its end ("Registration … $10.37"); a cell
 * without one (the name, the buttons) takes the whole line. The column headers are only visually
 * hidden, unless the table marks its `<thead data-sort-bar>` and `phone` says how to show it.
 * `phone` adds rules for the phone layout (a selector it repeats replaces the one here).
 */
export function stackedRowsCss(phone: SystemStyleObject = {}): SystemStyleObject {
  return { ...PLAIN_ROWS_CSS, [PHONE_MEDIA]: { ...STACKED_ON_PHONE, ...phone } };
}
