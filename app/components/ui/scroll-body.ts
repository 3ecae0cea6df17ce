/** The attribute of the element that scrolls a dialog's content (dialog.tsx): a virtual list inside scrolls with it. */
export const SCROLL_BODY_ATTRIBUTE = "data-scroll-body";
