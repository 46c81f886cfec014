/**
 * A hero's eyebrow line and the page's one <h1>, as the home page and the self-hypnosis guide open (each lays
 * out its own band, lead and actions around it).
 */
export function HeroHeading({ eyebrow, title }: { eyebrow: string; title: string }) {
  return (
    <>
      <p className="text-sm font-semibold tracking-wide text-primary uppercase">{eyebrow}</p>
      <h1 className="mt-4 font-serif text-4xl font-bold tracking-tight text-balance break-words hyphens-auto sm:text-5xl">
        {title}
      </h1>
    </>
  );
}
