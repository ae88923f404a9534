// The four steps of docs/product/spec.md §2: choose a plan, pay the entry, form the group, group completes → reward.
import { useTranslation } from 'react-i18next';
import { TicketIcon, UsersIcon, WalletIcon, SearchIcon } from '../../components/icons';

const STEPS = [
  { key: 'choose', Icon: SearchIcon },
  { key: 'pay', Icon: WalletIcon },
  { key: 'group', Icon: UsersIcon },
  { key: 'reward', Icon: TicketIcon },
] as const;

export function HowItWorks() {
  const { t } = useTranslation('landing');
  return (
    <section id="como-funciona" className="section" aria-labelledby="how-title">
      <div className="container">
        <header className="section__head">
          <h2 id="how-title">{t('how.title')}</h2>
          <p>{t('how.subtitle')}</p>
        </header>
        <ol className="steps">
          {STEPS.map(({ key, Icon }, index) => (
            <li key={key} className="step">
              <div className="step__top">
                <span className="step__number" aria-hidden="true">
                  {index + 1}
                </span>
                <Icon size={22} className="step__icon" />
              </div>
              <h3 className="step__title">{t(`how.steps.${key}.title`)}</h3>
              <p>{t(`how.steps.${key}.body`)}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
