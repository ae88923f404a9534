// A button that opens a menu (WAI-ARIA menu button pattern): arrow keys, Home/End, Escape and Tab
// inside the menu, ArrowDown on the button opens it, a click outside closes it. The theme menu and
// the account menu are two uses of it.
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

const ITEMS = '[role="menuitem"], [role="menuitemradio"], [role="menuitemcheckbox"]';

export interface MenuButtonProps {
  /** The accessible name of the button. */
  label: string;
  /** The accessible name of the menu (defaults to the button's). */
  menuLabel?: string;
  title?: string;
  className: string;
  /** What the button shows. */
  button: ReactNode;
  /** The items (role menuitem / menuitemradio, tabIndex -1); `close(false)` after an item acts. */
  children: (close: (refocus?: boolean) => void) => ReactNode;
}

export function MenuButton({ label, menuLabel, title, className, button, children }: MenuButtonProps) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLElement>(ITEMS) ?? []);

  useEffect(() => {
    if (!open) return;
    // Focus the checked item (a radio menu) or the first one when the menu opens.
    const list = items();
    (list.find((el) => el.getAttribute('aria-checked') === 'true') ?? list[0])?.focus();
    const onPointerDown = (event: PointerEvent) => {
      if (!anchorRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const close = (refocus = true) => {
    setOpen(false);
    if (refocus) buttonRef.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const list = items();
    const index = list.indexOf(document.activeElement as HTMLElement);
    const move = (next: number) => {
      event.preventDefault();
      list[(next + list.length) % list.length]?.focus();
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(index + 1);
      case 'ArrowUp':
        return move(index - 1);
      case 'Home':
        return move(0);
      case 'End':
        return move(list.length - 1);
      case 'Escape':
        event.preventDefault();
        return close();
      case 'Tab':
        return close(false);
    }
  };

  return (
    <div className="menu-anchor" ref={anchorRef}>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={label}
        title={title}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        {button}
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label={menuLabel ?? label} className="menu" onKeyDown={onMenuKeyDown}>
          {children(close)}
        </div>
      )}
    </div>
  );
}
