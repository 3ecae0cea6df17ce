import { useRef, useState } from "react";
import { formatPageHash } from "../deep-link.ts";
import { useReader } from "../reader-context.ts";
import { SHARE_NAMES, shareHref } from "../share-links.ts";
import { stat } from "../stats.ts";
import { Dialog } from "./Dialog.tsx";

type Copied = "" | "done" | "failed";

/**
 * Share (issue 46): the device's own share sheet where the browser has the Web Share API, the link
 * to copy (shown, so it can be copied by hand where the clipboard is refused), and the networks the
 * customer chose. The link is the publication's address, or this page's deep link when the reader
 * asks for it. Each share counts as a statistics event without cookies (`stat`).
 */
export function ShareDialog({ pageIndex, onClose }: { pageIndex: number; onClose: () => void }) {
  const { manifest, texts } = useReader();
  const [withPage, setWithPage] = useState(false);
  const [copied, setCopied] = useState<Copied>("");
  const field = useRef<HTMLInputElement>(null);
  const base = window.location.href.split("#")[0] ?? "";
  const url = withPage ? `${base}${formatPageHash(pageIndex)}` : base;
  const canShare = typeof navigator.share === "function";

  async function share() {
    try {
      await navigator.share({ title: manifest.name, url });
      stat({ t: "share", n: "device" });
    } catch {
      // Cancelled by the reader, or refused: nothing was shared.
    }
  }

  async function copy() {
    let done = false;
    try {
      await navigator.clipboard.writeText(url);
      done = true;
    } catch {
      // No clipboard here (an insecure origin, a refused permission): the link stays selected to copy by hand.
      field.current?.select();
    }
    setCopied(done ? "done" : "failed");
    if (done) stat({ t: "share", n: "copy" });
  }

  return (
    <Dialog title={texts.share} onClose={onClose} className="ep-sheet">
      <label className="ep-share-field">
        <span>{texts.shareLink}</span>
        <input ref={field} readOnly value={url} onFocus={(event) => event.currentTarget.select()} />
      </label>
      <label className="ep-share-option">
        <input
          type="checkbox"
          checked={withPage}
          onChange={(event) => {
            setWithPage(event.currentTarget.checked);
            setCopied("");
          }}
        />
        <span>{texts.shareThisPage.replace("{page}", manifest.pages[pageIndex]?.label ?? String(pageIndex + 1))}</span>
      </label>
      <ul className="ep-share">
        {canShare ? (
          <li>
            <button type="button" className="ep-share-link" onClick={() => void share()}>
              {texts.shareDevice}
            </button>
          </li>
        ) : null}
        <li>
          <button type="button" className="ep-share-link" onClick={() => void copy()}>
            {texts.copyLink}
          </button>
        </li>
        {manifest.settings.share.map((target) => (
          <li key={target}>
            <a
              className="ep-share-link"
              href={shareHref(target, url, manifest.name)}
              target={target === "email" ? undefined : "_blank"}
              rel="noopener noreferrer"
              onClick={() => stat({ t: "share", n: target })}
              aria-label={texts.shareVia.replace("{target}", target === "email" ? texts.email : SHARE_NAMES[target])}
            >
              {target === "email" ? texts.email : SHARE_NAMES[target]}
            </a>
          </li>
        ))}
      </ul>
      <p role="status" className="ep-share-status">
        {copied === "done" ? texts.linkCopied : copied === "failed" ? texts.copyFailed : ""}
      </p>
    </Dialog>
  );
}
