import type { SystemStyleObject } from "@chakra-ui/react";

/**
 * Body rows of the data tables are plain <tr>/<td> styled by this one rule on Table.Root, the
 * way Chakra's "line" table looks at size "sm". A Chakra Table.Cell per cell meant emotion
 * serialising and hashing the same styles hundreds of times per render (the registrar table
 * has up to 700 rows); a single rule costs the same for 5 rows or 500.
 *
 * Cells: data-num right-aligns numbers; data-sticky pins the first column while the table
 * scrolls sideways on a phone; .sub is a muted second line; data-message is a full-width note.
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
