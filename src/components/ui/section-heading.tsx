/** A marketing page section's centred <h2> (its `id` labels the section) and an optional lead under it. */
export function SectionHeading({ id, title, lead }: { id: string; title: string; lead?: string }) {
  return (
    <>
      <h2 id={id} className="text-center font-serif text-3xl font-bold sm:text-4xl">
        {title}
      </h2>
      {lead ? (
        <p className="mx-auto mt-3 max-w-2xl text-center text-lg text-muted-foreground">{lead}</p>
      ) : null}
    </>
  );
}
