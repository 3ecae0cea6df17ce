import { useTranslation } from "#app/components/hooks/use-translation";
import { Form, href, redirect, useNavigation, useRevalidator } from "react-router";
import { z } from "zod";
import { requirePagePermission, studioUserOf } from "#app/auth/studio-user.server";
import { useStudioEvent } from "#app/components/studio-events";
import { Button, ButtonLink } from "#app/components/ui/button";
import { withErrorToasts } from "#app/errors/responses.server";
import { findPreferenceValue } from "#app/preferences/system-preference.server";
import { isOrderType } from "#app/rules/shop";
import { beginCheckout, shopOffers } from "#app/shop/checkout.server";
import { db } from "#app/utils/db.server";
import { getEnv } from "#app/utils/env.server";
import { getInstance, getLocale } from "#app/utils/i18next.server";
import { readForm } from "#app/utils/read-form.server";
import type { Route } from "./+types/shop";

/**
 * /shop/:orderType (studio-admin.md §2 shop button, studio-core.md §7 'Payment redirect'; ADR
 * 0040): what the shop button and the 'to order' links lead to. It shows the current contingent
 * and the offers of the order type (the order codes support edits), and 'continue to checkout'
 * asks the server for the shop's address and goes there. The shop sends the buyer back with
 * ?ordered=1; the contingent shown follows the shop's confirmation in real time.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const studio = requirePagePermission(studioUserOf(context), request, "payment");
  if (!isOrderType(params.orderType)) throw redirect(href("/page-not-found"));
  const url = new URL(request.url);
  const support = (await findPreferenceValue(db, "Support")) as { supportEmail?: { email?: string } } | null;
  return {
    metaTitle: getInstance(context).t(`shop.${params.orderType}.title`),
    orderType: params.orderType,
    ...(await shopOffers(db, studio.subject, params.orderType)),
    shopConfigured: Boolean(getEnv().SHOP_URL),
    supportEmail: support?.supportEmail?.email ?? null,
    ordered: url.searchParams.get("ordered") === "1",
    epaperId: url.searchParams.get("epaperId"),
  };
}

const CheckoutForm = z.object({ orderCode: z.string().min(1).max(64), epaperId: z.string().max(32).optional() });

export async function action({ params, request, context }: Route.ActionArgs) {
  return withErrorToasts(async () => {
    const studio = requirePagePermission(studioUserOf(context), request, "payment");
    if (!isOrderType(params.orderType)) throw redirect(href("/page-not-found"));
    const form = CheckoutForm.safeParse(Object.fromEntries(await readForm(request)));
    if (!form.success) return { ok: false as const, error: "chooseOffer" };
    const env = getEnv();
    const address = await beginCheckout(
      { db, config: { shopUrl: env.SHOP_URL, publicUrl: env.PUBLIC_URL, sessionSecret: env.SESSION_SECRET } },
      studio.subject,
      { orderType: params.orderType, orderCode: form.data.orderCode, epaperId: form.data.epaperId || null, locale: getLocale(context) },
    );
    return redirect(address);
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.metaTitle }];

export default function Shop({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const { orderType, offers, contingent } = loaderData;
  // The shop's confirmation raises the contingent while this page is open.
  useStudioEvent((event) => {
    if (event.type === "zipContingentIncremented" || event.type === "accountDataChanged") void revalidator.revalidate();
  });
  const shown = contingent === -1 ? t("shell.account.unlimited") : String(contingent);
  const chooseError = actionData && "error" in actionData && actionData.error === "chooseOffer";
  return (
    <main id="main" className="mx-auto flex w-full max-w-3xl flex-1 flex-col gap-4 p-4 sm:p-6">
      <h1 className="text-2xl font-bold text-slate-900">{t(`shop.${orderType}.title`)}</h1>
      <p className="text-slate-700">{t(`shop.${orderType}.intro`)}</p>
      <p className="font-semibold text-slate-900" data-testid="shop-contingent">
        {t(`shop.${orderType}.current`, { contingent: shown })}
      </p>
      {loaderData.ordered ? (
        <p role="status" className="rounded-lg bg-green-50 p-3 text-green-900 ring-1 ring-green-200">
          {t("shop.ordered")}
        </p>
      ) : null}
      {!loaderData.shopConfigured ? (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">
          {loaderData.supportEmail ? t("shop.noShop", { email: loaderData.supportEmail }) : t("shop.noShopNoEmail")}
        </p>
      ) : offers.length === 0 ? (
        <p className="rounded-lg bg-amber-50 p-3 text-amber-900 ring-1 ring-amber-200">{t("shop.noOffers")}</p>
      ) : (
        <Form method="post" className="flex flex-col gap-4 rounded-xl bg-white p-4 ring-1 ring-slate-200">
          {loaderData.epaperId ? <input type="hidden" name="epaperId" value={loaderData.epaperId} /> : null}
          <fieldset className="flex flex-col gap-2" aria-describedby={chooseError ? "shop-offer-error" : undefined}>
            <legend className="mb-2 font-semibold text-slate-900">{t("shop.offers")}</legend>
            {offers.map((offer, index) => (
              <label
                key={offer.code}
                className="flex min-h-11 cursor-pointer items-center gap-3 rounded-lg border border-slate-300 px-3 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
              >
                <input type="radio" name="orderCode" value={offer.code} defaultChecked={index === 0} className="size-4 accent-brand-600" />
                <span>{offer.text}</span>
              </label>
            ))}
            {chooseError ? (
              <p id="shop-offer-error" className="text-sm text-red-700">
                {t("shop.errors.chooseOffer")}
              </p>
            ) : null}
          </fieldset>
          <p className="text-sm text-slate-600">{t("shop.checkoutHint")}</p>
          <Button type="submit" className="self-start" isDisabled={navigation.state !== "idle"}>
            {t("shop.checkout")}
          </Button>
        </Form>
      )}
      <ButtonLink to={orderType === "epaper" ? "/epaper" : "/channel"} variant="secondary" className="self-start">
        {t("shop.back")}
      </ButtonLink>
    </main>
  );
}
