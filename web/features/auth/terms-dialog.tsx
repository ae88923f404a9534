// The terms dialog of the sign-up (docs/product/spec.md §2): Terms of use (acceptance, the service, your
// responsibilities) and the Privacy policy (data collected, uses, security, your rights), with
// links to the full pages and a button that accepts them.
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { Dialog } from '../../components/dialog';

interface Section {
  title: string;
  body: string;
}

export function TermsDialog({ open, onClose, onAccept }: { open: boolean; onClose: () => void; onAccept: () => void }) {
  const { t } = useTranslation('auth');
  const terms = t('termsDialog.terms', { returnObjects: true }) as unknown as Section[];
  const privacy = t('termsDialog.privacy', { returnObjects: true }) as unknown as Section[];

  return (
    <Dialog
      open={open}
      onClose={onClose}
      size="lg"
      title={t('termsDialog.title')}
      description={<p>{t('termsDialog.lead')}</p>}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            {t('termsDialog.close')}
          </Button>
          <Button onClick={onAccept}>{t('termsDialog.accept')}</Button>
        </>
      }
    >
      <div className="terms-doc prose">
        <section aria-labelledby="terms-dialog-terms">
          <h3 id="terms-dialog-terms">{t('termsDialog.termsHeading')}</h3>
          <ol>
            {terms.map((section) => (
              <li key={section.title}>
                <h4>{section.title}</h4>
                <p>{section.body}</p>
              </li>
            ))}
          </ol>
          <p>
            <a href="/terms" target="_blank" rel="noopener">
              {t('termsDialog.fullTerms')} <span className="sr-only">{t('termsDialog.newTab')}</span>
            </a>
          </p>
        </section>
        <section aria-labelledby="terms-dialog-privacy">
          <h3 id="terms-dialog-privacy">{t('termsDialog.privacyHeading')}</h3>
          <ol>
            {privacy.map((section) => (
              <li key={section.title}>
                <h4>{section.title}</h4>
                <p>{section.body}</p>
              </li>
            ))}
          </ol>
          <p>
            <a href="/privacy" target="_blank" rel="noopener">
              {t('termsDialog.fullPrivacy')} <span className="sr-only">{t('termsDialog.newTab')}</span>
            </a>
          </p>
        </section>
      </div>
    </Dialog>
  );
}
