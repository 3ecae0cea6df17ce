import { useEffect, useState } from "react";
import { useTranslation } from "#app/components/hooks/use-translation";
import { Button } from "#app/components/ui/button";
import { CopyButton } from "#app/components/ui/copy-button";
import { Dialog } from "#app/components/ui/dialog";

/** QR codes of channel addresses (studio-admin.md §2): scale 4, error correction H. */
const QR_OPTIONS = { scale: 4, errorCorrectionLevel: "H", margin: 4 } as const;

/**
 * The QR code dialog (studio-core.md §2, studio-admin.md §2): a text and a file name in; print,
 * download as PNG and SVG, copy the address and open it. Made in the browser with `qrcode`.
 */
export function QrCodeDialog(props: { isOpen: boolean; onClose: () => void; title: string; text: string; fileName: string }) {
  const { t } = useTranslation();
  const [codes, setCodes] = useState<{ png: string; svg: string } | null>(null);
  useEffect(() => {
    if (!props.isOpen) return;
    let active = true;
    void import("qrcode").then(async (QRCode) => {
      const [png, svg] = await Promise.all([
        QRCode.toDataURL(props.text, QR_OPTIONS),
        QRCode.toString(props.text, { ...QR_OPTIONS, type: "svg" }),
      ]);
      if (active) setCodes({ png, svg: `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}` });
    });
    return () => {
      active = false;
    };
  }, [props.isOpen, props.text]);
  const print = () => {
    if (!codes) return;
    const frame = document.createElement("iframe");
    frame.style.position = "fixed";
    frame.style.width = "0";
    frame.style.height = "0";
    frame.style.border = "0";
    document.body.append(frame);
    const doc = frame.contentDocument;
    if (!doc) return frame.remove();
    const img = doc.createElement("img");
    img.src = codes.png;
    img.alt = props.text;
    const caption = doc.createElement("p");
    caption.textContent = props.text;
    doc.body.append(img, caption);
    img.onload = () => {
      frame.contentWindow?.print();
      setTimeout(() => frame.remove(), 1000);
    };
  };
  const linkClass =
    "inline-flex min-h-10 items-center justify-center rounded-lg px-4 text-sm font-semibold ring-1 ring-slate-300 hover:bg-slate-50 focus-visible:ring-2 focus-visible:ring-brand-600 focus-visible:outline-none";
  return (
    <Dialog isOpen={props.isOpen} onOpenChange={(open) => !open && props.onClose()} title={props.title} maxWidth="480px">
      <div className="flex flex-col items-center gap-4">
        {codes ? (
          <img
            src={codes.png}
            alt={t("channel.qr.image", { address: props.text })}
            className="size-64 max-w-full [image-rendering:pixelated]"
            data-testid="qr-code"
          />
        ) : (
          <div className="size-64 animate-pulse rounded-lg bg-slate-100 motion-reduce:animate-none" />
        )}
        <p className="break-all text-center text-sm text-slate-700">{props.text}</p>
        <div className="flex flex-wrap justify-center gap-2">
          <Button variant="secondary" isDisabled={!codes} onPress={print}>
            {t("channel.qr.print")}
          </Button>
          <a href={codes?.png} download={`${props.fileName}.png`} className={linkClass} aria-disabled={!codes}>
            {t("channel.qr.png")}
          </a>
          <a href={codes?.svg} download={`${props.fileName}.svg`} className={linkClass} aria-disabled={!codes}>
            {t("channel.qr.svg")}
          </a>
          <CopyButton text={props.text} label={t("channel.address")} copy={t("channel.qr.copy")} copied={t("channel.qr.copied")} />
          <a href={props.text} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {t("channel.qr.open")}
          </a>
        </div>
        <Button variant="secondary" onPress={props.onClose}>
          {t("channel.qr.close")}
        </Button>
      </div>
    </Dialog>
  );
}
