import type { ShareTarget } from "../../src/manifest.ts";

/** The share dialog's links: each network's documented share endpoint with the page URL. */
export function shareHref(target: ShareTarget, url: string, title: string): string {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  switch (target) {
    case "email":
      return `mailto:?subject=${t}&body=${encodeURIComponent(`${title}\n${url}`)}`;
    case "facebook":
      return `https://www.facebook.com/sharer/sharer.php?u=${u}`;
    case "linkedin":
      return `https://www.linkedin.com/sharing/share-offsite/?url=${u}`;
    case "reddit":
      return `https://www.reddit.com/submit?url=${u}&title=${t}`;
    case "telegram":
      return `https://t.me/share/url?url=${u}&text=${t}`;
    case "twitter":
      return `https://twitter.com/intent/tweet?url=${u}&text=${t}`;
    case "whatsapp":
      return `https://wa.me/?text=${encodeURIComponent(`${title} ${url}`)}`;
    case "xing":
      return `https://www.xing.com/spi/shares/new?url=${u}`;
  }
}

export const SHARE_NAMES: Record<ShareTarget, string> = {
  email: "E-Mail",
  facebook: "Facebook",
  linkedin: "LinkedIn",
  reddit: "Reddit",
  telegram: "Telegram",
  twitter: "X (Twitter)",
  whatsapp: "WhatsApp",
  xing: "XING",
};
