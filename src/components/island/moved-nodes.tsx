import { useLayoutEffect, useRef } from 'react';

/**
 * Markup already in the document, moved in as it is: an island's static part (a tab panel's content, say) that
 * it shows but does not need the code of. The nodes themselves move (no HTML string is parsed again), so they
 * keep their identity, focus and state. React renders only the empty wrapper, which takes no box of its own.
 */
export function MovedNodes({ nodes }: { nodes: readonly Node[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    ref.current?.append(...nodes);
  }, [nodes]);
  return <div ref={ref} className="contents" />;
}
