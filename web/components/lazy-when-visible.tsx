// Renders its children only once the spot comes near the viewport, so lazily imported sections
// (FAQ, showcases) are fetched when the visitor scrolls towards them, not with the first paint.
import { Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Spinner } from './spinner';

export function LazyWhenVisible({
  children,
  minHeight = 320,
  slotClassName,
  rootMargin = '600px 0px',
}: {
  children: ReactNode;
  /** The placeholder's height until the content arrives (ignored with slotClassName). */
  minHeight?: number;
  /** A class that sizes the placeholder instead (CSS, so it can follow the screen width). */
  slotClassName?: string;
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
    <div className={`lazy-slot${slotClassName ? ` ${slotClassName}` : ''}`} style={slotClassName ? undefined : { minHeight }}>
      <Spinner />
    </div>
  );

  return <div ref={ref}>{visible ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}
