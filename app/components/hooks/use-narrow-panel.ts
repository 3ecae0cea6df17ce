import { useEffect, useState } from "react";
import { useMediaQuery } from "./use-media-query.ts";

/** Tailwind's `lg` breakpoint: from here on side columns stand beside the main content. */
const WIDE_QUERY = "(min-width: 64rem)";

/**
 * A side column that becomes a panel on phones and tablets (the folder tree, the editor's page
 * strip): `wide` says whether it stands beside the content (true before hydration: CSS hides
 * whichever does not fit until then), `open` whether the panel is shown; widening the window
 * closes it.
 */
export function useNarrowPanel() {
  const wide = useMediaQuery(WIDE_QUERY, true);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (wide) setOpen(false);
  }, [wide]);
  return { wide, open, setOpen };
}
