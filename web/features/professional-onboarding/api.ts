// The onboarding endpoints (docs/api.md), typed from the generated API description: the service categories, the
// caller's application, sending it (new or corrected), and the portfolio photos (multipart, one per request).
import { ApiError, apiClient, call, isApiError } from '../../lib/api';
import type { ApiAnswer, ApiBody } from '../../lib/api-client';
import { i18n } from '../../i18n';
import { authApi } from '../../lib/account-api';

export type MyApplication = ApiAnswer<'/api/me/professional', 'get'>;
export type ApplicationCreated = ApiAnswer<'/api/professionals/applications', 'post'>;
export type ApplicationInput = ApiBody<'/api/professionals/applications', 'post'>;
export type UploadedPhoto = ApiAnswer<'/api/me/professional/photos', 'post'>;
export type PlanCategory = ApiAnswer<'/api/plan-categories', 'get'>['items'][number];
export type SessionCheck = { signedIn: boolean };

const quiet = { redirectOnUnauthorized: false } as const;

/** TanStack Query keys of the onboarding screens. */
export const onboardingKeys = {
  session: ['professional-onboarding', 'session'] as const,
  mine: ['professional-onboarding', 'mine'] as const,
  categories: ['professional-onboarding', 'categories'] as const,
};

/** Builds an ApiError from a failed multipart answer (same `{ error: { code, message, fields } }` shape). */
async function uploadError(response: Response): Promise<ApiError> {
  try {
    const body = (await response.json()) as { error?: { code?: string; message?: string; fields?: Record<string, string> } };
    return new ApiError(response.status, body.error?.code ?? `http_${response.status}`, body.error?.message || i18n.t('errors.generic'), body.error?.fields ?? {});
  } catch {
    // A proxy's 413 page (body over its own limit) is not JSON.
    const message = response.status === 413 ? i18n.t('photos.tooLarge', { ns: 'professionalOnboarding' }) : i18n.t('errors.generic');
    return new ApiError(response.status, `http_${response.status}`, message);
  }
}

export const onboardingApi = {
  /** Signed in? GET /api/auth/session (a visitor's `user: null` is a 200, not a failed request). */
  session: async (signal?: AbortSignal): Promise<SessionCheck> => ({ signedIn: (await authApi.session(signal)).user !== null }),
  /** The caller's application, or null when there is none yet (404). */
  mine: async (signal?: AbortSignal): Promise<MyApplication | null> => {
    try {
      return await call(apiClient.GET('/api/me/professional', { signal }));
    } catch (error) {
      if (isApiError(error) && error.status === 404) return null;
      throw error;
    }
  },
  categories: (signal?: AbortSignal) => call(apiClient.GET('/api/plan-categories', { signal }), quiet),
  /** A new application, or a rejected one corrected and sent again (the server moves it back to pending). */
  apply: (body: ApplicationInput) => call(apiClient.POST('/api/professionals/applications', { body })),
  signup: (body: ApiBody<'/api/auth/signup', 'post'>) => call(apiClient.POST('/api/auth/signup', { body }), quiet),
  uploadPhoto: async (file: Blob, name: string): Promise<UploadedPhoto> => {
    const form = new FormData();
    form.append('photo', file, name);
    let response: Response;
    try {
      // eslint-disable-next-line no-restricted-syntax -- multipart, outside the JSON client; the answer is typed below
      response = await fetch('/api/me/professional/photos', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { Accept: 'application/json', 'Accept-Language': i18n.language || 'pt-BR' },
        body: form,
      });
    } catch {
      throw new ApiError(0, 'network_error', i18n.t('errors.network'));
    }
    if (!response.ok) throw await uploadError(response);
    return (await response.json()) as UploadedPhoto;
  },
  deletePhoto: (id: string) => call(apiClient.DELETE('/api/me/professional/photos/{id}', { params: { path: { id } } })),
};
