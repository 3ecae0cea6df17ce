import type { ReactNode } from "react";
import type { Enrichment } from "../../../src/manifest.ts";
import { isSafeHref, mailtoHref } from "../media-embed.ts";
import { useReader } from "../reader-context.ts";
import { statMedia } from "../stats.ts";

type ControlProps = {
  enrichment: Enrichment;
  className: string;
  style?: Record<string, string | number>;
  children?: ReactNode;
  /** Overrides the accessible name (the media bar shows the title as text). */
  label?: string;
};

/** The accessible name of an enrichment: its title, else what activating it does. */
export function useEnrichmentLabel(enrichment: Enrichment): string {
  const { texts, manifest } = useReader();
  if (enrichment.title) {
    return enrichment.title;
  }
  const { action } = enrichment;
  switch (action.kind) {
    case "internalLink":
      return texts.goToPage.replace("{page}", manifest.pages[action.pageIndex]?.label ?? String(action.pageIndex + 1));
    case "externalLink":
      return texts.openLink;
    case "mailtoLink":
      return `${texts.sendMail}: ${action.recipient}`;
    case "video":
      return texts.playVideo;
    case "gallery":
      return texts.openGallery;
    case "customHtml":
      return texts.openContent;
  }
}

/**
 * One enrichment as a real link or button, used for click areas on the page and for media-bar
 * entries alike: links where the browser should navigate (new tab, same tab, mail), buttons
 * where the reader acts itself (jump, overlay, gallery).
 */
export function EnrichmentControl({ enrichment, className, style, children, label }: ControlProps) {
  const { goTo, openDialog } = useReader();
  const name = useEnrichmentLabel(enrichment);
  const ariaLabel = label ?? name;
  const { action } = enrichment;
  // Statistics: an element that opens in a layer counts as opened, one followed as clicked.
  const button = (onClick: () => void, opens = true) => (
    <button
      type="button"
      className={className}
      style={style}
      aria-label={ariaLabel}
      onClick={() => {
        statMedia(enrichment, opens ? "open" : "click");
        onClick();
      }}
    >
      {children}
    </button>
  );
  const link = (href: string, target: "_blank" | "_top" | undefined) => (
    <a
      className={className}
      style={style}
      href={href}
      target={target}
      rel={target === "_blank" ? "noopener noreferrer" : undefined}
      aria-label={ariaLabel}
      onClick={() => statMedia(enrichment, "click")}
    >
      {children}
    </a>
  );
  switch (action.kind) {
    case "internalLink":
      return button(() => goTo(action.pageIndex), false);
    case "mailtoLink":
      return link(mailtoHref(action.recipient, action.subject, action.body), undefined);
    case "gallery":
      return button(() => openDialog({ kind: "gallery", galleryId: action.galleryId, title: enrichment.title }));
    case "customHtml":
      return button(() => openDialog({ kind: "enrichment", enrichment }));
    case "externalLink":
    case "video":
      if (action.displayAs === "overlay") {
        return button(() => openDialog({ kind: "enrichment", enrichment }));
      }
      if (!isSafeHref(action.url)) {
        return null;
      }
      return link(action.url, action.displayAs === "tab_blank" ? "_blank" : "_top");
  }
}
