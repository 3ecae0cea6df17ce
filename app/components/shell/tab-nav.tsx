import { NavLink } from "react-router";

/** The tabs of a back-office page (support, preferences): links, the current one marked for every reader. */
export function TabNav({ label, tabs }: { label: string; tabs: readonly { to: string; label: string }[] }) {
  return (
    <nav aria-label={label} className="mb-6">
      <ul className="flex flex-wrap gap-1 border-b border-slate-200">
        {tabs.map((tab) => (
          <li key={tab.to}>
            <NavLink
              to={tab.to}
              className="inline-flex min-h-11 items-center rounded-t-lg px-3 text-sm font-semibold text-slate-700 hover:bg-slate-100 aria-[current=page]:bg-white aria-[current=page]:text-brand-700 aria-[current=page]:shadow-[inset_0_-3px_0_var(--color-brand-600)]"
            >
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
