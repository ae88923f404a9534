// Renders its children only once the spot comes near the viewport, so lazily imported sections
// (FAQ, showcases) are fetched when the visitor scrolls towards them, not with the first paint.
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Spinner } from './spinner';

export function LazyWhenVisible({
  children,
  minHeight = 320,
  rootMargin = '600px 0px',
}: {
  children: ReactNode;
  minHeight?: number;
  rootMargin?: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    const node = ref.current;
    if (visible || !node) return;
    if (typeof IntersectionObserver === 'undefined') {
      setVisible(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) {
          setVisible(true);
          observer.disconnect();
        }
      },
      { rootMargin },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [visible, rootMargin]);

  const fallback = (
    <div className="lazy-slot" style={{ minHeight }}>
      <Spinner />
    </div>
  );

  return <div ref={ref}>{visible ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}
