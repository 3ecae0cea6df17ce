import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { expect, test } from "vitest";
import { HeaderMenu, HeaderMenuItem } from "./header-menu.tsx";

// What the server sends of a header menu: the closed button alone, named and marked as a menu
// button, without react-aria's hidden copy of the items (issue 29). That the real menu opens,
// by mouse and keyboard, once the page is hydrated is the journeys' (tests/e2e/app-shell.test.ts).

test("the server sends the closed menu button alone, as a plain button, and none of its items", () => {
  const html = renderToString(
    createElement(
      HeaderMenu,
      { label: "Main menu", icon: createElement("svg", { "aria-hidden": true }), tourTarget: "main-menu" },
      createElement(HeaderMenuItem, { id: "profile" }, "Profile settings"),
      createElement(HeaderMenuItem, { id: "logout" }, "Log out"),
    ),
  );
  const buttons = html.match(/<button[^>]*>/g) ?? [];
  expect(buttons).toHaveLength(1);
  expect(buttons[0]).toContain('type="button"');
  expect(buttons[0]).toContain('aria-haspopup="true"');
  expect(buttons[0]).toContain('aria-expanded="false"');
  expect(buttons[0]).toContain('data-tour="main-menu"');
  expect(html).toContain(">Main menu</span>");
  expect(html).not.toContain("Profile settings");
  expect(html).not.toContain("Log out");
  expect(html).not.toContain("data-rac");
  expect(html).not.toContain("<template");
});
