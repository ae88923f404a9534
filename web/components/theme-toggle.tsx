// Theme menu: Sistema / Claro / Escuro, as a menu button with radio items (WAI-ARIA menu pattern).
import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { THEME_PREFERENCES, useTheme, type ThemePreference } from '../lib/theme';
import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from './icons';

const ICONS: Record<ThemePreference, typeof SunIcon> = {
  system: MonitorIcon,
  light: SunIcon,
  dark: MoonIcon,
};

export function ThemeToggle() {
  const { t } = useTranslation();
  const { preference, setPreference } = useTheme();
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const anchorRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLDivElement>(null);
  const CurrentIcon = ICONS[preference];

  const items = () => Array.from(menuRef.current?.querySelectorAll<HTMLButtonElement>('[role="menuitemradio"]') ?? []);

  useEffect(() => {
    if (!open) return;
    // Focus the checked item when the menu opens.
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
    const index = list.indexOf(document.activeElement as HTMLButtonElement);
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

  const choose = (value: ThemePreference) => {
    setPreference(value);
    close();
  };

  return (
    <div className="menu-anchor" ref={anchorRef}>
      <button
        ref={buttonRef}
        type="button"
        className="icon-btn"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('theme.buttonLabel', { current: t(`theme.${preference}`) })}
        title={t('theme.label')}
        onClick={() => setOpen((v) => !v)}
        onKeyDown={(event) => {
          if (event.key === 'ArrowDown' && !open) {
            event.preventDefault();
            setOpen(true);
          }
        }}
      >
        <CurrentIcon />
      </button>
      {open && (
        <div ref={menuRef} id={menuId} role="menu" aria-label={t('theme.label')} className="menu" onKeyDown={onMenuKeyDown}>
          {THEME_PREFERENCES.map((value) => {
            const Icon = ICONS[value];
            const checked = value === preference;
            return (
              <button
                key={value}
                type="button"
                role="menuitemradio"
                aria-checked={checked}
                tabIndex={-1}
                className="menu__item"
                onClick={() => choose(value)}
              >
                <Icon size={18} />
                <span>{t(`theme.${value}`)}</span>
                {checked && <CheckIcon size={16} className="menu__check" />}
              </button>
            );
          })}
        </div>
      )}
    </div>
  );
}
