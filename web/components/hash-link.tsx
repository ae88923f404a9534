// In-page anchor link ("#planos"): on the page that holds the target (the landing by default) it
// scrolls (smoothly, unless the user asked for reduced motion) and moves focus to the target;
// elsewhere it navigates to "<page>#id".
import type { AnchorHTMLAttributes, MouseEvent } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';

function prefersReducedMotion() {
  return window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
}

/** Focus a section without scrolling it (the scroll is the router's or the caller's). */
export function focusSection(target: HTMLElement) {
  if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
  target.focus({ preventScroll: true });
}

export function HashLink({
  to,
  page = '/',
  onClick,
  ...rest
}: Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string; page?: string }) {
  const id = to.replace(/^\/?#/, '');
  const location = useLocation();
  const navigate = useNavigate();
  const onPage = location.pathname === page;

  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    const target = onPage ? document.getElementById(id) : null;
    if (!target) {
      navigate({ pathname: page, hash: `#${id}` });
      return;
    }
    // The router's ScrollRestoration scrolls to the hash with a plain scrollIntoView(); making the
    // root smooth for a moment turns that jump into a glide without fighting the router.
    if (!prefersReducedMotion()) {
      const root = document.documentElement;
      root.style.scrollBehavior = 'smooth';
      window.setTimeout(() => root.style.removeProperty('scroll-behavior'), 1200);
    }
    navigate({ hash: `#${id}` }, { preventScrollReset: true, replace: location.hash === `#${id}` });
    focusSection(target);
  };

  return <a href={onPage ? `#${id}` : `${page}#${id}`} onClick={handleClick} {...rest} />;
}
