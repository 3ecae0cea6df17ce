import { useTranslation } from "react-i18next";
import type { PdfLink } from "#app/rules/editor-pages";
import type { MediaElement } from "#app/rules/media-element";

/** The right column (§2): the media elements of the page in their order. */
export function MediaList({
  page,
  media,
  links = [],
  className = "",
}: {
  page: number;
  media: MediaElement[];
  links?: PdfLink[];
  className?: string;
}) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="media-list-heading"
      className={`flex flex-col gap-2 rounded-xl bg-white p-3 shadow-sm ring-1 ring-slate-200 ${className}`}
    >
      <h2 id="media-list-heading" className="text-base font-semibold">
        {t("editor.mediaList", { page })}
      </h2>
      {media.length === 0 ? (
        <p className="text-sm text-slate-600">{t("editor.noMedia")}</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {media.map((element) => (
            <li key={element.id} className="rounded-lg px-2 py-1.5 text-sm ring-1 ring-slate-200">
              <span className="block font-medium">{element.title ?? t(`editor.kinds.${element.kind}` as "editor.kinds.video")}</span>
              <span className="block text-xs text-slate-600">{t(`editor.kinds.${element.kind}` as "editor.kinds.video")}</span>
            </li>
          ))}
        </ul>
      )}
      {links.length > 0 ? (
        <>
          <h3 className="mt-2 text-sm font-semibold">{t("editor.pdfLinks")}</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {links.map((link, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the PDF's links have no id; their order is the PDF's
              <li key={index} className="truncate rounded-lg px-2 py-1 ring-1 ring-amber-300" title={link.uri}>
                {link.uri ?? t("editor.pdfLinkPage", { page: link.page })}
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
