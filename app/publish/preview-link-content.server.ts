import type { IncomingMessage, ServerResponse } from "node:http";
import { previewLinkAddress, previewLinkContentPath } from "#app/rules/preview-link";
import type { Database } from "#db/client";
import { ACCESS_COOKIE, accessCookie, findLivePreviewLink, passwordFingerprint, verifyAccess } from "./preview-link-access.server.ts";

export type UnlockedPreviewLink = { hash: string; epaperId: string; blobPrefix: string; unlockEndsAt: number };

/** What the gate needs of the content origin's deps (content-server.server.ts). */
export type PreviewLinkGateDeps = {
  db: Database;
  studioOrigin: string;
  contentOrigin: string;
  secret?: string | undefined;
  now?: (() => number) | undefined;
};

/**
 * The preview link on the content origin (ADR 0038). `/previewlink/<hash>/unlock?token=` turns
 * the studio's unlock token into the access cookie (HttpOnly, path of this one publication, one
 * hour) and goes on to the reader; every other address of the link needs that cookie, signed for
 * this hash and the current password. Without it, after its hour, after a new password or a new
 * address, the visitor goes to the studio's password page (which says 'not found' for an expired
 * or unknown link: the content origin never tells them apart).
 */
export function createPreviewLinkGate(deps: PreviewLinkGateDeps) {
  const secure = deps.contentOrigin.startsWith("https:");
  const toPasswordPage = (res: ServerResponse, hash: string) => {
    res.writeHead(302, {
      Location: previewLinkAddress(deps.studioOrigin, hash),
      "Cache-Control": "no-store",
      "Referrer-Policy": "no-referrer",
    });
    res.end();
    return null;
  };
  return async (
    req: IncomingMessage,
    res: ServerResponse,
    input: { hash: string; segment: string | undefined; search: URLSearchParams },
  ): Promise<UnlockedPreviewLink | null> => {
    const now = deps.now?.() ?? Date.now();
    if (!deps.secret) return toPasswordPage(res, input.hash);
    const publication = await findLivePreviewLink(deps.db, input.hash, new Date(now));
    if (!publication) return toPasswordPage(res, input.hash);
    const fingerprint = passwordFingerprint(publication.passwordHash);
    if (input.segment === "unlock") {
      const claim = verifyAccess(deps.secret, "unlock", input.search.get("token") ?? "", now);
      if (!claim || claim.hash !== input.hash || claim.fingerprint !== fingerprint) return toPasswordPage(res, input.hash);
      res.writeHead(302, {
        Location: previewLinkContentPath(input.hash),
        "Set-Cookie": accessCookie(deps.secret, { hash: input.hash, fingerprint, now, secure }),
        "Cache-Control": "no-store",
        "Referrer-Policy": "no-referrer",
      });
      res.end();
      return null;
    }
    return unlocked(deps.secret, req, publication, input.hash, now) ?? toPasswordPage(res, input.hash);
  };
}

/** The unlock the request's access cookie grants for this preview link, or null. */
function unlocked(
  secret: string,
  req: IncomingMessage,
  publication: { epaperId: string; blobPrefix: string; passwordHash: string },
  hash: string,
  now: number,
): UnlockedPreviewLink | null {
  const claim = verifyAccess(secret, "cookie", readCookie(req, ACCESS_COOKIE) ?? "", now);
  if (!claim || claim.hash !== hash || claim.fingerprint !== passwordFingerprint(publication.passwordHash)) return null;
  return { hash, epaperId: publication.epaperId, blobPrefix: publication.blobPrefix, unlockEndsAt: claim.expiresAt };
}

/**
 * The same check as the gate's for an address that is no page (the statistics beacon): the
 * unlock of a live preview link that the request's cookie grants, or null; it answers nothing.
 */
export function createPreviewLinkCheck(deps: PreviewLinkGateDeps) {
  return async (req: IncomingMessage, hash: string): Promise<UnlockedPreviewLink | null> => {
    if (!deps.secret) return null;
    const now = deps.now?.() ?? Date.now();
    const publication = await findLivePreviewLink(deps.db, hash, new Date(now));
    return publication ? unlocked(deps.secret, req, publication, hash, now) : null;
  };
}

/**
 * Appended to a preview link's index.html: when the unlock's hour is over (a timer, and a check
 * whenever the tab comes back), the reader gives way to the password page. The server refuses
 * the files after the hour anyway; this spares the visitor a reader that stops loading pages.
 */
export function unlockEndScript(deps: Pick<PreviewLinkGateDeps, "studioOrigin">, unlocked: UnlockedPreviewLink): string {
  const target = JSON.stringify(previewLinkAddress(deps.studioOrigin, unlocked.hash)).replace(/</g, "\\u003c");
  return `<script>(function(){var end=${unlocked.unlockEndsAt},to=${target};function check(){if(Date.now()>=end)location.replace(to)}setTimeout(check,Math.max(0,end-Date.now()));setInterval(check,60000);document.addEventListener("visibilitychange",check)})()</script>`;
}

function readCookie(req: IncomingMessage, name: string): string | null {
  for (const part of String(req.headers.cookie ?? "").split(";")) {
    const [key, ...value] = part.trim().split("=");
    if (key === name) return value.join("=");
  }
  return null;
}
