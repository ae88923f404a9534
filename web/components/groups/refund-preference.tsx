// What happens to a paid entry if the group expires: money back through the original method, or
// wallet credit (PATCH /api/me/memberships/:id). Saved as soon as it changes.
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { groupsApi, type RefundTo } from '../../lib/groups-api';
import './i18n';

export function RefundPreference({ membershipId, value, onSaved }: { membershipId: string; value: RefundTo; onSaved: (value: RefundTo) => void }) {
  const { t } = useTranslation('group-card');
  const id = useId();
  const [saving, setSaving] = useState(false);

  const choose = async (next: RefundTo) => {
    if (next === value || saving) return;
    setSaving(true);
    try {
      await groupsApi.setRefundTo(membershipId, next);
      onSaved(next);
      notify.success(t('refund.saved'), next === 'wallet' ? t('refund.savedWallet') : t('refund.savedOriginal'));
    } catch (error) {
      if (!(isApiError(error) && error.isSessionExpired)) notify.error(t('refund.error'), isApiError(error) ? error.message : undefined);
    } finally {
      setSaving(false);
    }
  };

  const options: { value: RefundTo; label: string; hint: string }[] = [
    { value: 'original', label: t('refund.original'), hint: t('refund.originalHint') },
    { value: 'wallet', label: t('refund.wallet'), hint: t('refund.walletHint') },
  ];

  return (
    <fieldset className="refund-pref" aria-busy={saving || undefined} disabled={saving}>
      <legend className="refund-pref__legend">{t('refund.legend')}</legend>
      <div className="refund-pref__options">
        {options.map((option) => (
          <label key={option.value} className={`choice choice--compact${value === option.value ? ' choice--checked' : ''}`}>
            <input
              type="radio"
              name={`${id}-refund`}
              value={option.value}
              checked={value === option.value}
              onChange={() => void choose(option.value)}
              className="choice__input"
            />
            <span className="choice__body">
              <span className="choice__label">{option.label}</span>
              <span className="choice__hint">{option.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
