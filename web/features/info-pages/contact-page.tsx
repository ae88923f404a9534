// /contact — support e-mail, privacy e-mail and WhatsApp.
import './i18n';
import { useTranslation } from 'react-i18next';
import { HashLink } from '../../components/hash-link';
import { MailIcon, ShieldIcon, WhatsAppIcon } from '../../components/icons';
import { PRIVACY_EMAIL, SUPPORT_EMAIL, WHATSAPP_NUMBER_DISPLAY, WHATSAPP_URL } from '../../lib/site';
import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeader } from './info-layout';

export default function ContactPage() {
  const { t } = useTranslation('info');
  useDocumentTitle(t('contact.docTitle'));

  return (
    <>
      <PageHeader eyebrow={t('contact.eyebrow')} title={t('contact.title')} lead={t('contact.lead')} />
      <div className="container contact">
        <ul className="contact__grid" role="list">
          <li className="card contact__card">
            <span className="contact__icon" aria-hidden="true">
              <MailIcon size={22} />
            </span>
            <h2>{t('contact.support.title')}</h2>
            <p>{t('contact.support.body')}</p>
            <a className="contact__value" href={`mailto:${SUPPORT_EMAIL}`}>
              {SUPPORT_EMAIL}
            </a>
          </li>
          <li className="card contact__card">
            <span className="contact__icon" aria-hidden="true">
              <ShieldIcon size={22} />
            </span>
            <h2>{t('contact.privacy.title')}</h2>
            <p>{t('contact.privacy.body')}</p>
            <a className="contact__value" href={`mailto:${PRIVACY_EMAIL}`}>
              {PRIVACY_EMAIL}
            </a>
          </li>
          <li className="card contact__card">
            <span className="contact__icon" aria-hidden="true">
              <WhatsAppIcon size={22} />
            </span>
            <h2>{t('contact.whatsapp.title')}</h2>
            <p>{t('contact.whatsapp.body')}</p>
            <a className="contact__value" href={WHATSAPP_URL} target="_blank" rel="noopener noreferrer">
              {t('contact.whatsapp.link')} <span className="muted">({WHATSAPP_NUMBER_DISPLAY})</span>
            </a>
          </li>
        </ul>
        <p className="contact__faq">
          {t('contact.faqHint')} <HashLink to="#duvidas">{t('contact.faqLink')}</HashLink>
        </p>
      </div>
    </>
  );
}
