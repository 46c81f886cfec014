/**
 * The one text-input style: the inputs, selects and text areas of every form (auth, account, admin, booking).
 * A module of its own (no icons) so a marketing page's island can use it without growing its first load.
 */
export const inputClass =
  'block min-h-11 w-full rounded-lg border border-input bg-background px-3 py-2 text-base text-foreground placeholder:text-muted-foreground aria-[invalid=true]:border-destructive disabled:opacity-60';
