import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "#app/components/ui/button";
import { PAGES_DEFAULT_SIZE, type PageSize, pageSizeOptions } from "#app/rules/pages-settings";

/**
 * The pager of the page dialogs (§9): page size (25, then 50, 100, 250 and 'all' as the total
 * exceeds them), the range shown, previous and next. Hidden while everything fits in one view.
 */
export function PagePager(props: {
  total: number;
  skip: number;
  take: number;
  size: PageSize;
  onSize: (size: PageSize) => void;
  onSkip: (skip: number) => void;
  /** The range's words (default: pages). */
  captionOf?: (range: { from: number; to: number; total: number }) => string;
}) {
  const { t } = useTranslation();
  const { total, skip, take } = props;
  if (total <= PAGES_DEFAULT_SIZE) return null;
  const from = total === 0 ? 0 : skip + 1;
  const to = Math.min(total, skip + take);
  return (
    <div className="flex flex-wrap items-center gap-3">
      <label className="flex items-center gap-2 text-sm">
        {t("pagesSettings.pageSize")}
        <select
          value={String(props.size)}
          onChange={(event) => {
            props.onSkip(0);
            props.onSize(event.target.value === "total" ? "total" : Number(event.target.value));
          }}
          className="min-h-11 rounded-lg border border-slate-300 bg-white px-2"
        >
          {pageSizeOptions(total).map((option) => (
            <option key={String(option)} value={String(option)}>
              {option === "total" ? t("pagesSettings.pageSizeTotal") : option}
            </option>
          ))}
        </select>
      </label>
      <span className="text-sm text-slate-700">
        {props.captionOf ? props.captionOf({ from, to, total }) : t("pagesSettings.caption", { from, to, total })}
      </span>
      <Button variant="secondary" isDisabled={skip === 0} onPress={() => props.onSkip(Math.max(0, skip - take))}>
        {t("pagesSettings.previous")}
      </Button>
      <Button variant="secondary" isDisabled={to >= total} onPress={() => props.onSkip(skip + take)}>
        {t("pagesSettings.next")}
      </Button>
    </div>
  );
}
