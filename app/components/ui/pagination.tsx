import { useTranslation } from "#app/components/hooks/use-translation";
import { Link, useSearchParams } from "react-router";

/**
 * Page links of a paginated grid (?page=); `clear` drops a selection parameter that points into
 * another page. Shown by the caller only when there is more than one page.
 */
export function Pagination({ page, pageCount, clear }: { page: number; pageCount: number; clear?: string }) {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const to = (target: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(target));
    if (clear) params.delete(clear);
    return `?${params.toString()}`;
  };
  const pages = Array.from({ length: pageCount }, (_, index) => index + 1);
  return (
    <nav aria-label={t("epaper.grid.pagination")} className="mt-6 flex flex-wrap items-center justify-center gap-1">
      {page > 1 ? (
        <Link to={to(page - 1)} className={pageLinkClass} aria-label={t("epaper.grid.previous")}>
          ‹
        </Link>
      ) : null}
      {pages.map((target) => (
        <Link
          key={target}
          to={to(target)}
          aria-current={target === page ? "page" : undefined}
          aria-label={t("epaper.grid.page", { page: target })}
          className={`${pageLinkClass} ${target === page ? "bg-brand-600 text-white" : ""}`}
        >
          {target}
        </Link>
      ))}
      {page < pageCount ? (
        <Link to={to(page + 1)} className={pageLinkClass} aria-label={t("epaper.grid.next")}>
          ›
        </Link>
      ) : null}
    </nav>
  );
}

const pageLinkClass =
  "flex min-h-11 min-w-11 items-center justify-center rounded-lg text-sm font-semibold ring-1 ring-slate-200 hover:bg-slate-100";
