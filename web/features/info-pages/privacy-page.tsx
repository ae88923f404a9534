// /privacy — Política de privacidade (sections per docs/product/spec.md §2, LGPD Lei 13.709/2018).
import { LegalDocument } from './legal-document';

export default function PrivacyPage() {
  return <LegalDocument doc="privacy" path="/privacy" />;
}
