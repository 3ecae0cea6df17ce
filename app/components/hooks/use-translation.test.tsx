import { createElement } from "react";
import { renderToString } from "react-dom/server";
import i18next from "i18next";
import { I18nextProvider } from "react-i18next";
import { expect, test } from "vitest";
import { resources } from "#app/locales/index";
import { useTranslation } from "./use-translation.ts";

async function instance(lng: string) {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources, fallbackLng: "en", interpolation: { escapeValue: false } });
  return i18n;
}

function Texts() {
  const { t, i18n } = useTranslation();
  const [tAgain] = useTranslation();
  return createElement(
    "p",
    null,
    [t("epaper.card.noCover"), tAgain("epaper.card.noCover"), t("epaper.card.pages", { count: 3 }), i18n.language].join("|"),
  );
}

const render = async (lng: string) => renderToString(createElement(I18nextProvider, { i18n: await instance(lng) }, createElement(Texts)));

test("the server's translation hook gives i18next's texts per language, with options as well as without (issue 29)", async () => {
  const de = await instance("de");
  const en = await instance("en");
  // Twice each: the second render reads the texts kept per language, and must not mix them up.
  for (let round = 0; round < 2; round++) {
    expect(await render("de")).toBe(
      `<p>${[de.t("epaper.card.noCover"), de.t("epaper.card.noCover"), de.t("epaper.card.pages", { count: 3 }), "de"].join("|")}</p>`,
    );
    expect(await render("en")).toBe(
      `<p>${[en.t("epaper.card.noCover"), en.t("epaper.card.noCover"), en.t("epaper.card.pages", { count: 3 }), "en"].join("|")}</p>`,
    );
  }
  expect(de.t("epaper.card.noCover")).not.toBe(en.t("epaper.card.noCover"));
  expect(en.t("epaper.card.pages", { count: 3 })).toContain("3");
});
