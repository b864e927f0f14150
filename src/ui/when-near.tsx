import { useEffect, useRef, useState, type ReactNode } from 'react';

/** Half a screen below the viewport, and all of the page above it. */
const NEAR = '100000px 0px 50% 0px';

/**
 * Its children, once its place comes within half a screen below the viewport or the reader has gone past it (then
 * kept): a page's sections below the fold cost nothing (code, requests, rendering, pictures) until the reader
 * scrolls towards them, and arrive while still out of sight. On a 1280×800 desktop home's featured sections start
 * 700 px below the fold: with a screen and a half of margin they were a tenth of its first load. A jump past them
 * (the End key, a link to the footer) crosses no boundary an observer hears of, so everything above the viewport
 * counts as near too. Without IntersectionObserver the children render straight away.
 */
export function WhenNear({ children, className }: { children: ReactNode; className?: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = place.current;
    if (near || !el) return;
    const watch = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting)) { setNear(true); watch.disconnect(); }
    }, { rootMargin: NEAR });
    watch.observe(el);
    return () => watch.disconnect();
  }, [near]);
  return <div ref={place} className={className} data-near={near || undefined}>{near ? children : null}</div>;
}
