// Theme menu: Sistema / Claro / Escuro, as a menu button with radio items (WAI-ARIA menu pattern).
import { useTranslation } from 'react-i18next';
import { THEME_PREFERENCES, useTheme, type ThemePreference } from '../lib/theme';
import { CheckIcon, MonitorIcon, MoonIcon, SunIcon } from './icons';
import { MenuButton } from './menu-button';

const ICONS: Record<ThemePreference, typeof SunIcon> = {
  system: MonitorIcon,
  light: SunIcon,
  dark: MoonIcon,
};

export function ThemeToggle() {
  const { t } = useTranslation();
  const { preference, setPreference } = useTheme();
  const CurrentIcon = ICONS[preference];

  return (
    <MenuButton
      className="icon-btn"
      label={t('theme.buttonLabel', { current: t(`theme.${preference}`) })}
      menuLabel={t('theme.label')}
      title={t('theme.label')}
      button={<CurrentIcon />}
    >
      {(close) =>
        THEME_PREFERENCES.map((value) => {
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
              onClick={() => {
                setPreference(value);
                close();
              }}
            >
              <Icon size={18} />
              <span>{t(`theme.${value}`)}</span>
              {checked && <CheckIcon size={16} className="menu__check" />}
            </button>
          );
        })
      }
    </MenuButton>
  );
}
