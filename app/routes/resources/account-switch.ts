import { href } from "react-router";
import { requireStudioUser } from "#app/auth/studio-user.server";
import { withErrorToasts } from "#app/errors/responses.server";
import { returnToBaseAccount } from "#app/models/support/support-accounts.server";
import { db } from "#app/utils/db.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/account-switch";

/**
 * POST /resources/account-switch: the returning button of a support user working in another
 * account (studio-admin.md §4). Back in the own account, the support page opens again; the page
 * loads afresh, so every permission is read for the own account (re-authentication).
 */
export async function action({ request }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const { subject } = await requireStudioUser(db, request);
    await returnToBaseAccount(db, subject);
    return redirectWithToast(href("/support/:tab", { tab: "accounts" }), { type: "success", messageKey: "support.done.returned" });
  });
}
