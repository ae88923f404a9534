// The group the user will be in: the invite's group, an open group of the plan (auto-match: the one
// closest to completing, or a new one when none is open), or a new group of their own.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SparklesIcon, UsersIcon, UserIcon } from '../../components/icons';
import type { GroupChoice } from '../../lib/checkout-state';
import './i18n';

const ICONS = { invite: UsersIcon, auto: SparklesIcon, new: UserIcon } as const;

export function GroupChoicePicker({
  value,
  onChange,
  withInvite,
  inviterName,
  disabled,
  labelledBy,
}: {
  value: GroupChoice | null;
  onChange: (choice: GroupChoice) => void;
  withInvite: boolean;
  inviterName?: string | null;
  disabled?: boolean;
  labelledBy: string;
}) {
  const { t } = useTranslation('checkout');
  const name = useId();
  const options: GroupChoice[] = withInvite ? ['invite', 'auto', 'new'] : ['auto', 'new'];
  return (
    <div className="choices" role="radiogroup" aria-labelledby={labelledBy}>
      {options.map((option) => {
        const Icon = ICONS[option];
        return (
          <label key={option} className={`choice${value === option ? ' choice--checked' : ''}${disabled ? ' choice--disabled' : ''}`}>
            <input type="radio" className="choice__input" name={name} value={option} checked={value === option} onChange={() => onChange(option)} disabled={disabled} />
            <span className="choice__icon" aria-hidden="true">
              <Icon size={22} />
            </span>
            <span className="choice__body">
              <span className="choice__label">
                {option === 'invite' ? t('choice.invite.label', { name: inviterName || t('choice.invite.someone') }) : t(`choice.${option}.label`)}
                {option === 'auto' && <span className="chip choice__chip">{t('choice.auto.badge')}</span>}
              </span>
              <span className="choice__hint">{t(`choice.${option}.hint`)}</span>
            </span>
          </label>
        );
      })}
    </div>
  );
}
