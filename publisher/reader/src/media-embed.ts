/** How a video URL is played: YouTube and Vimeo in their embed players, files in <video>. */
export type VideoEmbed = { kind: "iframe"; src: string } | { kind: "file"; src: string; type: string };

const FILE_TYPES: Record<string, string> = { mp4: "video/mp4", m4v: "video/mp4", mov: "video/quicktime" };

function parseUrl(url: string): URL | null {
  try {
    // A base lets relative file paths (media/clip.mp4) parse too.
    return new URL(url, "https://relative.invalid/");
  } catch {
    return null;
  }
}

function youtubeId(url: URL): string | null {
  const host = url.hostname.replace(/^(www\.|m\.)/, "");
  if (host === "youtu.be") {
    return url.pathname.split("/")[1] || null;
  }
  if (host === "youtube.com" || host === "youtube-nocookie.com") {
    if (url.pathname === "/watch") {
      return url.searchParams.get("v");
    }
    const match = /^\/(?:embed|shorts|live|v)\/([^/?#]+)/.exec(url.pathname);
    return match?.[1] ?? null;
  }
  return null;
}

function vimeoId(url: URL): string | null {
  const host = url.hostname.replace(/^www\./, "");
  if (host === "vimeo.com") {
    return /^\/(\d+)/.exec(url.pathname)?.[1] ?? null;
  }
  if (host === "player.vimeo.com") {
    return /^\/video\/(\d+)/.exec(url.pathname)?.[1] ?? null;
  }
  return null;
}

export function videoEmbed(url: string): VideoEmbed | null {
  const parsed = parseUrl(url);
  if (!parsed) {
    return null;
  }
  const youtube = youtubeId(parsed);
  if (youtube && /^[\w-]+$/.test(youtube)) {
    // The no-cookie host sets no cookies before the reader presses play.
    return { kind: "iframe", src: `https://www.youtube-nocookie.com/embed/${youtube}` };
  }
  const vimeo = vimeoId(parsed);
  if (vimeo) {
    return { kind: "iframe", src: `https://player.vimeo.com/video/${vimeo}` };
  }
  const extension = /\.(\w+)$/.exec(parsed.pathname)?.[1]?.toLowerCase();
  const type = extension ? FILE_TYPES[extension] : undefined;
  return type ? { kind: "file", src: url, type } : null;
}

export function mailtoHref(recipient: string, subject: string | null, body: string | null): string {
  const params: string[] = [];
  if (subject) {
    params.push(`subject=${encodeURIComponent(subject)}`);
  }
  if (body) {
    params.push(`body=${encodeURIComponent(body)}`);
  }
  const to = recipient
    .split(/[,;]/)
    .map((address) => encodeURIComponent(address.trim()).replace(/%40/g, "@"))
    .join(",");
  return `mailto:${to}${params.length > 0 ? `?${params.join("&")}` : ""}`;
}

/** Only web and mail links are followed: a javascript: URL in an enrichment must never run. */
export function isSafeHref(url: string): boolean {
  const parsed = parseUrl(url);
  return parsed !== null && ["http:", "https:", "mailto:", "tel:"].includes(parsed.protocol);
}
