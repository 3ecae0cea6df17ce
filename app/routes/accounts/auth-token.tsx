import { useTranslation } from "#app/components/hooks/use-translation";
import { data, Form, redirect, useNavigation, href } from "react-router";
import { type AuthType, peekToken, tokenPurposeFor } from "#app/auth/one-time-token.server";
import { clientIp, exceededRateLimit, RATE_LIMITS } from "#app/auth/rate-limit.server";
import { startSession } from "#app/auth/session.server";
import { destroySessionHeader } from "#app/auth/session-cookie.server";
import { AuthCard, Notice } from "#app/components/account/auth-card";
import { TokenCheck } from "#app/components/account/auto-submit";
import { Button, ButtonLink } from "#app/components/ui/button";
import { mailApprovedEmailChange } from "#app/models/email-change.server";
import { payloadEmail, redeemAuthToken, type TokenFlowOutcome } from "#app/models/token-flows.server";
import { queues } from "#app/jobs/producer.server";
import { db } from "#app/utils/db.server";
import { getInstance } from "#app/utils/i18next.server";
import { publishForcedLogout } from "#app/events/publish.server";
import { redis } from "#app/utils/redis.server";
import { redirectWithToast } from "#app/utils/toast.server";
import type { Route } from "./+types/auth-token";

function authTypeOf(params: { authType: string }): AuthType {
  const purpose = tokenPurposeFor("auth", params.authType);
  // An unknown flow is an unknown page, like any other mistyped address.
  if (!purpose) throw redirect(href("/page-not-found"));
  return purpose as AuthType;
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const authType = authTypeOf(params);
  const metaTitle = getInstance(context).t(`auth.flows.${authType}.title`);
  // An e-mail change support asked for, and a deletion, are answered by a press, never by opening
  // the link: a mail scanner that runs the page's script must neither approve a change (issue 44)
  // nor delete a user. A used or unknown link takes the usual way and is told why.
  if (authType === "email-change-approve" || authType === "email-change-decline") {
    const live = await peekToken(db, { token: params.token, purpose: authType });
    const change = live && payloadEmail(live.payload);
    if (change) return { authType, metaTitle, choice: { flow: authType, email: change.email } };
  }
  if (authType === "delete-user" || authType === "delete-account") {
    const live = await peekToken(db, { token: params.token, purpose: authType });
    if (live) return { authType, metaTitle, choice: { flow: authType, email: "" } };
  }
  return { authType, metaTitle, choice: null };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }, { name: "robots", content: "noindex" }];

export async function action({ request, params }: Route.ActionArgs) {
  const authType = authTypeOf(params);
  const limited = await exceededRateLimit(redis, [{ ...RATE_LIMITS.tokenIp, key: clientIp(request) }]);
  if (limited) {
    return data({ outcome: { kind: "limited" as const, minutes: limited.retryAfterMinutes } }, { status: 429, headers: limited.headers });
  }
  const outcome = await redeemAuthToken(db, authType, params.token);
  if (outcome.kind === "login") {
    // The token leaves the address bar with this redirect (studio-core.md §2 navigation guard).
    const headers = { "Set-Cookie": await startSession(db, request, outcome.userId) };
    if (outcome.next === "password") throw redirect(href("/password"), { headers });
    throw await redirectWithToast(href("/epaper"), { type: "success", messageKey: "auth.signupConfirmed" }, { headers });
  }
  if (outcome.kind === "noted") {
    // An approval: the new address gets its confirmation link now (issue 44).
    if (outcome.confirmEmailChange) await mailApprovedEmailChange({ db, queue: queues.email }, outcome.confirmEmailChange);
    return data({ outcome: { kind: outcome.kind, messageKey: outcome.messageKey, params: outcome.params } });
  }
  if (outcome.kind === "done") {
    await publishForcedLogout(redis, outcome.sessionsEnded);
    // The flow ended every session of the user (or of the account): this browser's one too.
    return data({ outcome }, { headers: { "Set-Cookie": await destroySessionHeader() } });
  }
  return data({ outcome }, { status: outcome.reason === "unprocessable" ? 422 : 400 });
}

type ShownOutcome =
  | Exclude<TokenFlowOutcome, { kind: "login" | "noted" }>
  | Omit<Extract<TokenFlowOutcome, { kind: "noted" }>, "confirmEmailChange">
  | { kind: "limited"; minutes: number };

export default function AuthToken({ actionData, loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const outcome = actionData?.outcome as ShownOutcome | undefined;
  const title = t(`auth.flows.${loaderData.authType}.title`);
  if (outcome && navigation.state === "idle") {
    return (
      <AuthCard title={title}>
        <TokenOutcome outcome={outcome} />
      </AuthCard>
    );
  }
  return (
    <AuthCard title={title}>
      {loaderData.choice ? (
        <PressToAnswer {...loaderData.choice} busy={navigation.state !== "idle"} />
      ) : (
        <TokenCheck message={t(`auth.flows.${loaderData.authType}.working`)} />
      )}
    </AuthCard>
  );
}

type PressedFlow = "email-change-approve" | "email-change-decline" | "delete-user" | "delete-account";

/** A link that waits for the press: the question names what happens (and the address, for an e-mail change). */
function PressToAnswer({ flow, email, busy }: { flow: PressedFlow; email: string; busy: boolean }) {
  const { t } = useTranslation();
  return (
    <Form method="POST" replace className="flex flex-col gap-4">
      <p className="break-words">{t(`auth.flows.${flow}.question`, { email })}</p>
      <Button type="submit" isPending={busy} variant={flow === "email-change-decline" ? "secondary" : "primary"}>
        {t(`auth.flows.${flow}.press`)}
      </Button>
    </Form>
  );
}

function TokenOutcome({ outcome }: { outcome: ShownOutcome }) {
  const { t } = useTranslation();
  if (outcome.kind === "noted") {
    return (
      <>
        <Notice tone="success">{t(`auth.noted.${outcome.messageKey}`, { email: outcome.params.email })}</Notice>
        <ButtonLink to={href("/epaper")}>{t("auth.backToStudio")}</ButtonLink>
      </>
    );
  }
  if (outcome.kind === "done") {
    return (
      <>
        <Notice tone="success">{t(`auth.done.${outcome.messageKey}`, { email: outcome.params.email ?? "" })}</Notice>
        <ButtonLink to={href("/login")}>{t("auth.toLogin")}</ButtonLink>
      </>
    );
  }
  return (
    <>
      <Notice tone="error">
        {outcome.kind === "limited" ? t("errors.tooManyAttempts", { minutes: outcome.minutes }) : t(`auth.failed.${outcome.reason}`)}
      </Notice>
      <ButtonLink to={href("/epaper")} variant="secondary">
        {t("auth.backToStudio")}
      </ButtonLink>
    </>
  );
}
