// "Excluir minha conta": says what is deleted or anonymised and what the law makes us keep, asks
// for the password again, then DELETE /api/me `{ password }` and signs the user out.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { deleteAccountSchema } from '../../../core/identity/account-schemas';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';
import { PasswordField } from '../../components/form-field';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { zodFieldErrors } from '../../lib/validation';
import { accountApi } from '../../lib/account-api';
import { errorMessage } from './errors';
import { useSession } from '../../lib/session';

const FORM_ID = 'delete-account-form';

export function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const { forget } = useSession();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | undefined>();
  const [deleting, setDeleting] = useState(false);

  const close = () => {
    if (deleting) return;
    setPassword('');
    setError(undefined);
    onClose();
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (deleting) return;
    const parsed = deleteAccountSchema.safeParse({ password });
    if (!parsed.success) {
      setError(zodFieldErrors(parsed.error).password);
      return;
    }
    setDeleting(true);
    try {
      await accountApi.remove(parsed.data.password);
      notify.success(t('deleteDialog.successTitle'), t('deleteDialog.successBody'));
      await forget('/');
    } catch (err) {
      setDeleting(false);
      if (isApiError(err) && err.isSessionExpired) return;
      const fieldMessage = isApiError(err) ? (err.fields?.password ?? (err.status === 401 || err.status === 400 ? errorMessage(err) : undefined)) : undefined;
      setError(fieldMessage);
      notify.error(t('deleteDialog.errorTitle'), errorMessage(err));
    }
  };

  const deleted = t('deleteDialog.deleted', { returnObjects: true }) as unknown as string[];
  const kept = t('deleteDialog.kept', { returnObjects: true }) as unknown as string[];

  return (
    <Dialog
      open={open}
      onClose={close}
      tone="danger"
      title={t('deleteDialog.title')}
      description={<p>{t('deleteDialog.intro')}</p>}
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={deleting}>
            {t('deleteDialog.cancel')}
          </Button>
          <Button type="submit" form={FORM_ID} className="btn--danger" disabled={deleting}>
            {deleting ? t('deleteDialog.deleting') : t('deleteDialog.confirm')}
          </Button>
        </>
      }
    >
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
      <form id={FORM_ID} className="form" noValidate onSubmit={onSubmit}>
        <PasswordField
          name="password"
          label={t('deleteDialog.password')}
          autoComplete="current-password"
          value={password}
          error={error}
          disabled={deleting}
          onChange={(event) => {
            setPassword(event.target.value);
            setError(undefined);
          }}
        />
      </form>
    </Dialog>
  );
}
