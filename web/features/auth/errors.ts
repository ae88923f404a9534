// The text of a failed call for a toast's description: the server's pt-BR message (docs/product/spec.md §8 shows it
// as is), the app's own words for the errors it knows, and a generic line for anything else.
import { isApiError } from '../../lib/api';
import { i18n } from '../../i18n';
import { localizeMessage } from '../../lib/validation';

const KNOWN: Record<string, string> = {
  invalid_credentials: 'auth:login.invalidCredentials',
  email_not_confirmed: 'auth:login.notConfirmedBody',
  invalid_or_expired_link: 'auth:callback.errorBody',
};

export function errorMessage(error: unknown): string {
  if (!isApiError(error)) return i18n.t('errors.generic');
  const key = KNOWN[error.code];
  return key ? i18n.t(key) : localizeMessage(error.message);
}
