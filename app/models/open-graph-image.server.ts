import { videoEmbed } from "@ep/publisher/reader/src/media-embed.ts";
import { Parser } from "htmlparser2";
import sharp from "sharp";
import { type SafeFetchOptions, SafeFetchRefused, safeFetch } from "#app/utils/safe-fetch.server";

/*
 * The picture a web page offers for itself (Open Graph, issue 11): the preview image of an
 * external link or a video, fetched by the server through safeFetch (no private targets, limits
 * on time and size, ADR 0033). A YouTube video's picture is YouTube's own thumbnail address; an
 * address that is itself an image is used as it is; anything else is the page's og:image (or
 * twitter:image, or link rel=image_src), relative addresses resolved against the final page.
 */

export const OPEN_GRAPH_LIMITS = {
  /** The page is read up to this much: its head, where the meta tags are, comes first. */
  pageBytes: 1024 * 1024,
  imageBytes: 5 * 1024 * 1024,
  /** For the page and for the image, each. */
  timeoutMs: 5000,
} as const;

const IMAGE_META = ["og:image:secure_url", "og:image", "og:image:url", "twitter:image", "twitter:image:src"];

/** The image addresses a page names in its meta tags, best first. */
export function imageUrlsOf(html: string): string[] {
  const found = new Map<string, string>();
  let linked: string | null = null;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (name === "meta") {
          const key = (attributes.property ?? attributes.name ?? "").trim().toLowerCase();
          const content = attributes.content?.trim();
          if (content && IMAGE_META.includes(key) && !found.has(key)) found.set(key, content);
        }
        if (name === "link" && attributes.rel?.toLowerCase().split(/\s+/).includes("image_src") && attributes.href) {
          linked ??= attributes.href.trim();
        }
      },
      onclosetag(name) {
        // The meta tags of a page are in its head; the body is not read.
        if (name === "head") parser.pause();
      },
    },
    { decodeEntities: true, lowerCaseAttributeNames: true },
  );
  parser.write(html);
  parser.end();
  const urls = IMAGE_META.flatMap((key) => (found.has(key) ? [found.get(key) as string] : []));
  if (linked) urls.push(linked);
  return [...new Set(urls)];
}

function youtubeThumbnail(url: string): string | null {
  const embed = videoEmbed(url);
  const id = embed?.kind === "iframe" ? /youtube-nocookie\.com\/embed\/([\w-]+)/.exec(embed.src)?.[1] : undefined;
  return id ? `https://i.ytimg.com/vi/${id}/hqdefault.jpg` : null;
}

export type OpenGraphImage = { bytes: Buffer; format: "png" | "jpeg"; name: string };

/**
 * The preview picture of `pageUrl`, as png (when it has transparency) or jpeg bytes for the
 * preview-image store. Every failure is a SafeFetchRefused (its reason says which rule).
 */
export async function fetchOpenGraphImage(pageUrl: string, allowPrivate: readonly string[]): Promise<OpenGraphImage> {
  const common = { timeoutMs: OPEN_GRAPH_LIMITS.timeoutMs, allowPrivate } satisfies Partial<SafeFetchOptions>;
  let imageUrl = youtubeThumbnail(pageUrl);
  let image: { body: Buffer; url: string } | null = null;
  if (!imageUrl) {
    const page = await safeFetch(pageUrl, {
      ...common,
      maxBytes: OPEN_GRAPH_LIMITS.pageBytes,
      overflow: "truncate",
      accept: ["text/html", "application/xhtml+xml", "image/"],
    });
    if (page.contentType.startsWith("image/")) {
      if (page.body.length >= OPEN_GRAPH_LIMITS.pageBytes) throw new SafeFetchRefused("size", "the image is larger than the page limit");
      image = page;
    } else {
      const [first] = imageUrlsOf(page.body.toString("utf8"));
      if (!first) throw new SafeFetchRefused("type", "the page names no preview image");
      imageUrl = new URL(first, page.url).toString();
    }
  }
  if (!image && imageUrl) image = await safeFetch(imageUrl, { ...common, maxBytes: OPEN_GRAPH_LIMITS.imageBytes, accept: ["image/"] });
  if (!image) throw new SafeFetchRefused("type", "no image");
  const metadata = await sharp(image.body)
    .metadata()
    .catch(() => null);
  if (!metadata?.format || !["png", "jpeg", "webp", "gif", "avif"].includes(metadata.format)) {
    throw new SafeFetchRefused("type", "not a picture sharp can read");
  }
  const format = metadata.hasAlpha ? "png" : "jpeg";
  const stem =
    new URL(image.url).pathname
      .split("/")
      .pop()
      ?.replace(/\.[^.]*$/, "") || "preview";
  return { bytes: image.body, format, name: `${stem}.${format === "png" ? "png" : "jpg"}` };
}
