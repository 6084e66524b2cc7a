/** Marks figures that are examples, not the user's own numbers. */
export function SampleBadge({ children = 'Sample' }: { children?: string }) {
  return (
    <span className="inline-flex shrink-0 items-center rounded-full whitespace-nowrap border border-amber-500/30 bg-amber-500/10 px-2 py-0.5 text-[11px] font-medium text-amber-700 dark:text-amber-300">
      {children}
    </span>
  );
}
