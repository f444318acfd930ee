// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, it, vi } from "vitest";
import { renderUi } from "../testing/render.tsx";
import { NumberedPager } from "./numbered-pager.tsx";

// Each test renders into an empty page, whatever the one before it left.
afterEach(cleanup);

it("counts with thousands separators, numbers a window of pages and reports page and size choices", async () => {
  const onPage = vi.fn();
  const onPageSize = vi.fn();
  renderUi(
    <NumberedPager page={5} limit={20} total={1845} totalPages={93} noun={{ one: "TLD", other: "TLDs" }} navLabel="Pagination" sizeLabel="Rows per page"
      pageSizes={[20, 50]} onPage={onPage} onPageSize={onPageSize} />,
  );
  expect(await screen.findByText("Showing 81-100 of 1,845 TLDs")).toBeTruthy();
  const nav = within(screen.getByRole("navigation", { name: "Pagination" }));
  expect(nav.getByRole("button", { name: "Page 5" }).getAttribute("aria-current")).toBe("page");
  await userEvent.click(nav.getByRole("button", { name: "Next" }));
  expect(onPage).toHaveBeenLastCalledWith(6);
  await userEvent.click(nav.getByRole("button", { name: "Previous" }));
  expect(onPage).toHaveBeenLastCalledWith(4);
  await userEvent.selectOptions(screen.getByRole("combobox", { name: "Rows per page" }), "50");
  expect(onPageSize).toHaveBeenCalledWith(50);
});

it("says one TLD in the singular, and none or several in the plural", async () => {
  const pager = (total: number) => (
    <NumberedPager page={1} limit={20} total={total} totalPages={total ? 1 : 0} noun={{ one: "TLD", other: "TLDs" }} navLabel="Pagination" sizeLabel="Rows per page"
      pageSizes={[20]} onPage={() => {}} onPageSize={() => {}} />
  );
  renderUi(<>{pager(1)}{pager(0)}{pager(2)}</>);
  expect(await screen.findByText("Showing 1-1 of 1 TLD")).toBeTruthy();
  expect(screen.getByText("Showing 0-0 of 0 TLDs")).toBeTruthy();
  expect(screen.getByText("Showing 1-2 of 2 TLDs")).toBeTruthy();
});
