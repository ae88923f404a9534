// A product picture: same-origin images only (the CSP blocks anything else, and would log it); a drawn
// placeholder when there is none.
import { ShoppingBagIcon } from '../icons';
import { sameOriginImage } from '../plans/plan-card';

export function ProductImage({ src, alt, className, eager = false }: { src: string | null; alt: string; className?: string; eager?: boolean }) {
  const url = sameOriginImage(src);
  if (!url) {
    return (
      <span className={`product-image product-image--empty${className ? ` ${className}` : ''}`} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        <ShoppingBagIcon size={36} />
      </span>
    );
  }
  // Square like every frame it sits in (aspect-ratio: 1), so the box is known before the file arrives. An eager picture
  // is the page's largest paint: fetched first.
  return (
    <img
      className={`product-image${className ? ` ${className}` : ''}`}
      src={url}
      alt={alt}
      width={640}
      height={640}
      loading={eager ? 'eager' : 'lazy'}
      fetchPriority={eager ? 'high' : 'auto'}
      decoding="async"
    />
  );
}
