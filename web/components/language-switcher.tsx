// Language choice as a native <select> (free keyboard and screen-reader support), drawn compactly.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale, isLocale, LOCALES } from '../i18n';
import { ChevronDownIcon, GlobeIcon } from './icons';

export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const id = useId();
  const locale = isLocale(i18n.language) ? i18n.language : currentLocale();

  return (
    <div className="lang-switch">
      <label htmlFor={id} className="sr-only">
        {t('language.label')}
      </label>
      <span className="lang-switch__face" aria-hidden="true">
        <GlobeIcon size={18} />
        <span>{t(`language.short.${locale}`)}</span>
        <ChevronDownIcon size={14} />
      </span>
      <select
        id={id}
        className="lang-switch__select"
        value={locale}
        title={t('language.label')}
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) void changeLocale(next);
        }}
      >
        {LOCALES.map((value) => (
          <option key={value} value={value} lang={value}>
            {t(`language.${value}`)}
          </option>
        ))}
      </select>
    </div>
  );
}
