// /terms — Termos de uso (sections per docs/product/spec.md §2).
import { LegalDocument } from './legal-document';

export default function TermsPage() {
  return <LegalDocument doc="terms" path="/terms" />;
}
