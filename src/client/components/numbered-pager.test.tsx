// @vitest-environment happy-dom
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { expect, it, vi } from "vitest";
import { renderUi } from "../testing/render.tsx";
import { NumberedPager } from "./numbered-pager.tsx";

it("counts with thousands separators, numbers a window of pages and reports page and size choices", async () => {
  const onPage = vi.fn();
  const onPageSize = vi.fn();
  renderUi(
    <NumberedPager page={5} limit={20} total={1845} totalPages={93} noun="TLDs" navLabel="Pagination" sizeLabel="Rows per page"
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
