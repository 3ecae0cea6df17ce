/**
 * Links within the page (`href="#section"`) in the customer's content (imprint, privacy policy,
 * custom HTML). Served at a publication's permanent address, index.html carries a <base> naming
 * its revision (the content origin, ADR 0049), and a browser resolves such a link against the
 * base: another document, a reload. This keeps them in the page: the target is scrolled into
 * view; page addresses (`#/page/3`) go into the address against the page's own URL.
 */
export function keepInPageLinks(doc: Document = document) {
  doc.addEventListener("click", (event) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element | null)?.closest?.("a[href^='#']");
    const href = link?.getAttribute("href");
    if (!link || !href || link.getAttribute("target")) return;
    event.preventDefault();
    const view = doc.defaultView;
    if (href.startsWith("#/")) {
      if (view) view.location.hash = href;
      return;
    }
    const id = decodeURIComponent(href.slice(1));
    (id ? doc.getElementById(id) : null)?.scrollIntoView();
  });
}
