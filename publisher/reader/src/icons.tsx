/** Inline SVG icons (24×24, stroked): no icon font, no extra request. Decorative: aria-hidden. */
const PATHS: Record<string, string> = {
  left: "M15 5l-7 7 7 7",
  right: "M9 5l7 7-7 7",
  plus: "M12 5v14M5 12h14",
  minus: "M5 12h14",
  text: "M4 6h16M4 10h16M4 14h16M4 18h10",
  grid: "M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h6v6h-6z",
  toc: "M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14zM20 20l-4-4",
  share:
    "M18 8a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM6 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM18 22a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM8.6 13.5l6.8 4M15.4 6.5l-6.8 4",
  download: "M12 4v11M7 10l5 5 5-5M5 20h14",
  close: "M6 6l12 12M18 6L6 18",
  more: "M5 12h.01M12 12h.01M19 12h.01",
  link: "M10 14a5 5 0 0 0 7 0l3-3a5 5 0 0 0-7-7l-1 1M14 10a5 5 0 0 0-7 0l-3 3a5 5 0 0 0 7 7l1-1",
  linkintern: "M4 12h13M12 6l6 6-6 6",
  email: "M3 6h18v12H3zM3 6l9 7 9-7",
  video: "M5 5l14 7-14 7z",
  gallery: "M3 5h18v14H3zM3 16l5-5 4 4 3-3 6 6M15 9h.01",
  pdf: "M6 3h9l4 4v14H6zM14 3v5h5M9 14h6M9 17h4",
  readme: "M12 8h.01M11 12h1v5h1M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18z",
};

export function Icon({ name }: { name: string }) {
  return (
    <svg className="ep-icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d={PATHS[name] ?? PATHS.link} />
    </svg>
  );
}

/** An enrichment's icon: a built-in name, or a player icon file in the bundle (a path). */
export function EnrichmentIcon({ name }: { name: string }) {
  if (/[./]/.test(name)) {
    return <img className="ep-icon" src={name} alt="" />;
  }
  return <Icon name={name} />;
}
