import { useEffect, useRef, useState, type ReactNode } from 'react';

/**
 * Its children, once its place comes within a screen and a half below the viewport (then kept): a page's
 * sections far below the fold cost a phone nothing (code, requests, rendering, pictures) until the reader scrolls
 * towards them, and arrive while still out of sight. A desktop's taller window usually reaches them at once.
 * Without IntersectionObserver the children render straight away.
 */
export function WhenNear({ children, className }: { children: ReactNode; className?: string }) {
  const place = useRef<HTMLDivElement>(null);
  const [near, setNear] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = place.current;
    if (near || !el) return;
    const watch = new IntersectionObserver((seen) => {
      if (seen.some((e) => e.isIntersecting)) { setNear(true); watch.disconnect(); }
    }, { rootMargin: '0px 0px 150% 0px' });
    watch.observe(el);
    return () => watch.disconnect();
  }, [near]);
  return <div ref={place} className={className} data-near={near || undefined}>{near ? children : null}</div>;
}
