import { data } from "react-router";
import { z } from "zod";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { errorToApiResponse } from "#app/errors/responses.server";
import { listApiKeysAsSupport } from "#app/models/api-keys.server";
import { listAccountAudit } from "#app/models/support/support-audit.server";
import { supportEpaperInfo } from "#app/models/support/support-details.server";
import { listSupervisedPages } from "#app/models/support/support-epapers.server";
import { db } from "#app/utils/db.server";
import type { Route } from "./+types/support-details";

const Query = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("audit"), accountId: z.string().min(1).max(64), skip: z.coerce.number().int().min(0).default(0) }),
  z.object({ kind: z.literal("epaper"), epaperId: z.string().min(1).max(64) }),
  z.object({ kind: z.literal("supervised"), epaperId: z.string().min(1).max(64) }),
  z.object({ kind: z.literal("apiKeys"), accountId: z.string().min(1).max(64) }),
]);

/**
 * GET /resources/support-details?kind=…: what the support drawers load (issue 14): an account's
 * audit trail, an ePaper's info view, its supervised pages, an account's API keys (ADR 0056). Level 3 and 4 only; an unknown id is 404.
 */
export async function loader({ request }: Route.LoaderArgs) {
  try {
    const { subject } = await requireStudioUser(db, request);
    const parsed = Query.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) return data({ error: { messageKey: "errors.invalidRequest" } }, { status: 400 });
    const query = parsed.data;
    const headers = { "Cache-Control": "no-store" };
    switch (query.kind) {
      case "audit":
        return data({ kind: query.kind, audit: await listAccountAudit(db, subject, query.accountId, query.skip) }, { headers });
      case "epaper":
        return data({ kind: query.kind, epaper: await supportEpaperInfo(db, subject, query.epaperId) }, { headers });
      case "supervised":
        return data({ kind: query.kind, pages: await listSupervisedPages(db, subject, query.epaperId) }, { headers });
      case "apiKeys":
        return data({ kind: query.kind, keys: await listApiKeysAsSupport(db, subject, query.accountId) }, { headers });
    }
  } catch (error) {
    return errorToApiResponse(error, { log: "support details" });
  }
}
