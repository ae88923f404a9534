// The site footer: product, company, partner and legal links, social profiles and the copyright.
import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { INSTAGRAM_URL, WHATSAPP_URL, YOUTUBE_URL } from '../lib/site';
import { HashLink } from './hash-link';
import { InstagramIcon, WhatsAppIcon, YouTubeIcon } from './icons';
import { LogoMark } from './logo';

/** The year in Brasília (UTC−03:00, no daylight saving since 2019), the same on the server and in any browser. Plain
 * arithmetic: a formatter with a time zone costs a phone over 10 ms the first time, on every page's first render. */
const brasiliaYear = () => String(new Date(Date.now() - 3 * 3_600_000).getUTCFullYear());

export function Footer() {
  const { t } = useTranslation();
  const social = [
    { href: WHATSAPP_URL, label: t('footer.whatsapp'), Icon: WhatsAppIcon },
    { href: INSTAGRAM_URL, label: t('footer.instagram'), Icon: InstagramIcon },
    { href: YOUTUBE_URL, label: t('footer.youtube'), Icon: YouTubeIcon },
  ];

  return (
    <footer className="footer">
      <div className="container footer__grid">
        <div className="footer__brand">
          <p className="footer__logo">
            <LogoMark size={28} />
            <span>{t('brand.name')}</span>
          </p>
          <p className="footer__tagline">{t('footer.tagline')}</p>
          <ul className="footer__social" aria-label={t('footer.social')}>
            {social.map(({ href, label, Icon }) => (
              <li key={href}>
                <a href={href} target="_blank" rel="noopener noreferrer" aria-label={label} title={label} className="icon-btn">
                  <Icon size={20} />
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav className="footer__nav" aria-label={t('a11y.footerNav')}>
          <div>
            <h2 className="footer__heading">{t('footer.product')}</h2>
            <ul>
              <li><HashLink to="#como-funciona">{t('footer.howItWorks')}</HashLink></li>
              <li><HashLink to="#planos">{t('footer.plans')}</HashLink></li>
              <li><HashLink to="#duvidas">{t('footer.faq')}</HashLink></li>
              <li><Link to="/marketplace/products">{t('footer.marketplace')}</Link></li>
            </ul>
          </div>
          <div>
            <h2 className="footer__heading">{t('footer.company')}</h2>
            <ul>
              <li><Link to="/about">{t('footer.about')}</Link></li>
              <li><Link to="/contact">{t('footer.contact')}</Link></li>
            </ul>
          </div>
          <div>
            <h2 className="footer__heading">{t('footer.partners')}</h2>
            <ul>
              <li><Link to="/professional-signup">{t('footer.professionalSignup')}</Link></li>
              <li><Link to="/influencer-signup">{t('footer.influencerSignup')}</Link></li>
            </ul>
          </div>
          <div>
            <h2 className="footer__heading">{t('footer.legal')}</h2>
            <ul>
              <li><Link to="/terms">{t('footer.terms')}</Link></li>
              <li><Link to="/privacy">{t('footer.privacy')}</Link></li>
            </ul>
          </div>
        </nav>
      </div>
      <div className="container footer__bottom">
        <p>{t('footer.copyright', { year: brasiliaYear() })}</p>
      </div>
    </footer>
  );
}
