import { type ReactNode, useRef } from "react";
import {
  Button,
  Header,
  Menu,
  MenuItem,
  type MenuItemProps,
  type MenuProps,
  MenuSection,
  MenuTrigger,
  Popover,
  Separator,
} from "react-aria-components";
import { useHydrated } from "#app/components/hooks/use-hydrated";
import { ChevronDownIcon } from "#app/components/ui/icons";

export const headerControlClassName =
  "inline-flex min-h-11 min-w-11 items-center justify-center gap-1.5 rounded-lg px-2.5 text-sm font-semibold text-slate-800 data-[hovered]:bg-slate-100 data-[pressed]:bg-slate-200 hover:bg-slate-100 sm:px-3";

/**
 * One menu of the header: a button that opens a react-aria menu (arrow keys, Home/End, type to
 * search, Escape; screen readers hear a menu). On phones the label is visually hidden and the
 * icon stays, so the whole header fits one row while the accessible name stays the same.
 *
 * The server sends the closed button alone, as a plain look-alike: react-aria's MenuTrigger, Button
 * and the hidden copy of the menu it renders to know its items cost about 4 % of every studio page's
 * CPU (issue 29), for a menu nobody can open before the page is hydrated. The browser mounts the
 * real menu as soon as it has hydrated; a keyboard user who had already tabbed to the look-alike
 * keeps the focus on the real button.
 */
export function HeaderMenu<T extends object>({
  label,
  icon,
  tourTarget,
  children,
  ...menuProps
}: { label: ReactNode; icon: ReactNode /** The guided tour's mark (data-tour). */; tourTarget?: string } & MenuProps<T>) {
  const hydrated = useHydrated();
  const lookAlike = useRef<HTMLButtonElement>(null);
  // Read while rendering the real menu, before React takes the look-alike out of the page.
  const hadFocus = hydrated && lookAlike.current !== null && lookAlike.current === document.activeElement;
  const face = (
    <>
      {icon}
      <span className="max-sm:sr-only">{label}</span>
      <ChevronDownIcon className="hidden size-4 sm:block" />
    </>
  );
  if (!hydrated)
    return (
      <button
        ref={lookAlike}
        type="button"
        aria-haspopup="true"
        aria-expanded="false"
        className={headerControlClassName}
        data-tour={tourTarget}
      >
        {face}
      </button>
    );
  return (
    <MenuTrigger>
      <Button className={headerControlClassName} data-tour={tourTarget} autoFocus={hadFocus}>
        {face}
      </Button>
      <Popover
        placement="bottom end"
        offset={6}
        className="min-w-56 max-w-[calc(100vw-1.5rem)] rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-200 outline-none"
      >
        <Menu {...menuProps} className="outline-none">
          {children}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}

export function HeaderMenuItem(props: MenuItemProps) {
  return (
    <MenuItem
      {...props}
      className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg px-3 text-sm text-slate-900 outline-none data-[focused]:bg-brand-600 data-[focused]:text-white data-[selected]:font-semibold"
    />
  );
}

export function HeaderMenuSection({ title, children }: { title?: string; children: ReactNode }) {
  return (
    <MenuSection className="py-0.5">
      {title ? <Header className="px-3 pt-1.5 pb-1 text-xs font-semibold tracking-wide text-slate-500 uppercase">{title}</Header> : null}
      {children}
    </MenuSection>
  );
}

export function HeaderMenuSeparator() {
  return <Separator className="my-1 border-t border-slate-200" />;
}
