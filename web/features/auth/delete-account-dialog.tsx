// "Excluir minha conta": shows the plan first (purchases withdrawn and refunded, pending charges cancelled, the wallet
// credit refunded by PIX to a key checked with core's rule, or why it cannot be deleted now), what is anonymised and
// what the law keeps, asks for the password, then DELETE /api/me and signs the user out.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccountSchema } from '../../../core/identity/account-schemas';
import { PIX_KEY_TYPES, pixKeySchema } from '../../../core/payments/pix-key';
import { formatCents } from '../../../core/shared/money';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { PasswordField } from '../../components/form-field';
import { InlineError, InlineLoading } from '../../components/resource-states';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { useApiQuery } from '../../lib/query';
import { zodFieldErrors } from '../../lib/validation';
import { accountApi, type AccountDeletionBody, type DeletionPlan } from '../../lib/account-api';
import { errorMessage } from './errors';
import { useSession } from '../../lib/session';

const FORM_ID = 'delete-account-form';
const PLAN_KEY = ['me', 'deletion-plan'];

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const [deleting, setDeleting] = useState(false);
  // Read afresh each time the dialog opens: the plan is what the confirmation will do.
  const plan = useApiQuery<DeletionPlan>(PLAN_KEY, (signal) => accountApi.deletionPlan(signal), { enabled: open, gcTime: 0 });
  const canDelete = plan.state.status === 'ready' && plan.state.data.can_delete;
  const close = () => {
    if (!deleting) onClose();
  };
  return (
    <Dialog
      open={open}
      onClose={close}
      tone="danger"
      size="lg"
      title={t('deleteDialog.title')}
      description={<p>{t('deleteDialog.intro')}</p>}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={deleting}>
            {t('deleteDialog.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} className="btn--danger" disabled={deleting || !canDelete}>
            {deleting ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
          </Button>
        </>
      }
    >
      {open && <DeleteAccountBody plan={plan} deleting={deleting} setDeleting={setDeleting} />}
    </Dialog>
  );
}

function DeleteAccountBody({ plan, deleting, setDeleting }: { plan: ReturnType<typeof useApiQuery<DeletionPlan>>; deleting: boolean; setDeleting: (v: boolean) => void }) {
  const { t, i18n } = useTranslation('profile');
  const { forget } = useSession();
  const [password, setPassword] = useState('');
  const [pixType, setPixType] = useState('');
  const [pixKey, setPixKey] = useState('');
  const [errors, setErrors] = useState<Record<string, string | undefined>>({});
  const money = (cents: number) => formatCents(cents, i18n.language === 'en-US' ? 'en-US' : 'pt-BR');
  const ready = plan.state.status === 'ready' ? plan.state.data : null;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (deleting || !ready || !ready.can_delete) return;
    const body = { password, ...(ready.pix_key_required ? { pix_key: { type: pixType || undefined, key: pixKey } } : {}) };
    // The server's own rules: the password re-entry and core's PIX key rule (type and format).
    const parsedPassword = deleteAccountSchema.safeParse({ password });
    const parsedKey = ready.pix_key_required ? pixKeySchema.safeParse(body.pix_key) : null;
    if (!parsedPassword.success || (parsedKey && !parsedKey.success)) {
      const keyErrors = parsedKey && !parsedKey.success ? zodFieldErrors(parsedKey.error) : {};
      setErrors({
        ...(parsedPassword.success ? {} : zodFieldErrors(parsedPassword.error)),
        'pix_key.type': keyErrors.type,
        'pix_key.key': keyErrors.key,
      });
      return;
    }
    setDeleting(true);
    try {
      // As typed (checked above with the server's own schema), so the server words any problem the same way.
      await accountApi.remove(body as AccountDeletionBody);
      notify.success(t('deleteDialog.successTitle'), ready.credit_refund > 0 ? t('deleteDialog.successRefund', { amount: money(ready.credit_refund) }) : t('deleteDialog.successBody'));
      await forget('/');
    } catch (err) {
      setDeleting(false);
      if (isApiError(err) && err.isSessionExpired) return;
      // Something changed since the plan was shown (a payment arrived, a window closed): show it again.
      if (isApiError(err) && err.status === 409) plan.reload();
      setErrors(isApiError(err) ? { password: err.fields?.password, 'pix_key.key': err.fields?.['pix_key.key'] ?? err.fields?.pix_key, 'pix_key.type': err.fields?.['pix_key.type'] } : {});
      notify.error(t('deleteDialog.errorTitle'), errorMessage(err));
    }
  };

  const deleted = t('deleteDialog.deleted', { returnObjects: true }) as unknown as string[];
  const kept = t('deleteDialog.kept', { returnObjects: true }) as unknown as string[];

  return (
    <>
      <section className="delete-plan" aria-labelledby="delete-plan-title">
        <h3 id="delete-plan-title">{t('deleteDialog.plan.title')}</h3>
        {plan.state.status === 'loading' && <InlineLoading label={t('deleteDialog.plan.loading')} />}
        {plan.state.status === 'error' && <InlineError message={t('deleteDialog.plan.error')} retryLabel={t('deleteDialog.plan.retry')} onRetry={plan.retry} />}
        {ready && !ready.can_delete && (
          <div className="delete-plan__blocked" role="alert">
            <p className="delete-plan__lead">{t('deleteDialog.plan.blocked')}</p>
            <ul>
              {ready.blockers.map((b) => (
                <li key={b.code + b.message}>{b.message}</li>
              ))}
            </ul>
          </div>
        )}
        {ready && ready.can_delete && <PlanList plan={ready} money={money} />}
      </section>
      <div className="delete-info">
        <div>
          <h3>{t('deleteDialog.deletedTitle')}</h3>
          <ul>
            {deleted.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
        <div>
          <h3>{t('deleteDialog.keptTitle')}</h3>
          <ul>
            {kept.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      </div>
      {ready?.can_delete && (
        <form id={FORM_ID} className="form" noValidate onSubmit={onSubmit}>
          {ready.pix_key_required && (
            <fieldset className="delete-plan__pix" disabled={deleting}>
              <legend>{t('deleteDialog.pix.legend')}</legend>
              <p className="delete-plan__hint">{t('deleteDialog.pix.hint')}</p>
              <label htmlFor="delete-pix-type" className="field__label">
                {t('deleteDialog.pix.type')}
              </label>
              <select
                id="delete-pix-type"
                className="field__input field__select"
                value={pixType}
                aria-invalid={errors['pix_key.type'] ? true : undefined}
                aria-describedby={errors['pix_key.type'] ? 'delete-pix-type-error' : undefined}
                onChange={(e) => {
                  setPixType(e.target.value);
                  setErrors((x) => ({ ...x, 'pix_key.type': undefined, 'pix_key.key': undefined }));
                }}
              >
                <option value="">{t('deleteDialog.pix.typePlaceholder')}</option>
                {PIX_KEY_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {t(`deleteDialog.pix.types.${type}`)}
                  </option>
                ))}
              </select>
              {errors['pix_key.type'] && (
                <p id="delete-pix-type-error" className="field__error" role="alert">
                  {errors['pix_key.type']}
                </p>
              )}
              <label htmlFor="delete-pix-key" className="field__label">
                {t('deleteDialog.pix.key')}
              </label>
              <input
                id="delete-pix-key"
                className="field__input"
                value={pixKey}
                autoComplete="off"
                aria-invalid={errors['pix_key.key'] ? true : undefined}
                aria-describedby={errors['pix_key.key'] ? 'delete-pix-key-error' : undefined}
                onChange={(e) => {
                  setPixKey(e.target.value);
                  setErrors((x) => ({ ...x, 'pix_key.key': undefined }));
                }}
              />
              {errors['pix_key.key'] && (
                <p id="delete-pix-key-error" className="field__error" role="alert">
                  {errors['pix_key.key']}
                </p>
              )}
            </fieldset>
          )}
          <PasswordField
            name="password"
            label={t('deleteDialog.password')}
            autoComplete="current-password"
            value={password}
            error={errors.password}
            disabled={deleting}
            onChange={(event) => {
              setPassword(event.target.value);
              setErrors((x) => ({ ...x, password: undefined }));
            }}
          />
        </form>
      )}
    </>
  );
}

function PlanList({ plan, money }: { plan: DeletionPlan; money: (cents: number) => string }) {
  const { t } = useTranslation('profile');
  const items: string[] = [
    ...plan.memberships.map((m) =>
      m.action === 'withdraw' ? t('deleteDialog.plan.withdraw', { plan: m.plan_name, amount: money(m.refund) }) : t('deleteDialog.plan.release', { plan: m.plan_name }),
    ),
    ...plan.charges.map((c) => t('deleteDialog.plan.charge', { amount: money(c.amount), purpose: t(`deleteDialog.plan.purposes.${c.purpose}`) })),
    ...(plan.boleto_refunds > 0 ? [t('deleteDialog.plan.boleto', { amount: money(plan.boleto_refunds) })] : []),
    ...(plan.credit_refund > 0 ? [t('deleteDialog.plan.credit', { amount: money(plan.credit_refund) })] : []),
  ];
  if (items.length === 0) return <p className="delete-plan__lead">{t('deleteDialog.plan.nothing')}</p>;
  return (
    <>
      <p className="delete-plan__lead">{t('deleteDialog.plan.before')}</p>
      <ul className="delete-plan__list">
        {items.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}
