// Rating summary (average of published reviews and their count) and the newest reviews from the public profile,
// each answerable once (POST /api/reviews/:id/reply).
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button';
import { InlineError, InlineLoading } from '../../components/resource-states';
import { isApiError } from '../../lib/api';
import { useApiQuery } from '../../lib/query';
import { notify } from '../../lib/toast';
import { professionalApi, professionalKeys, type MyProfessional, type PublicReview } from './api';

export function Stars({ value, label }: { value: number; label: string }) {
  const filled = Math.round(value);
  return (
    <span className="rating-stars" role="img" aria-label={label}>
      {[1, 2, 3, 4, 5].map((n) => (
        <span key={n} aria-hidden="true" className={n <= filled ? 'rating-stars__on' : undefined}>
          ★
        </span>
      ))}
    </span>
  );
}

export function RatingPanel({ profile }: { profile: MyProfessional }) {
  const { t, i18n } = useTranslation('professionalDashboard');
  const id = useId();
  const average = profile.rating_average.toLocaleString(i18n.language, { minimumFractionDigits: 1, maximumFractionDigits: 2 });
  const reviews = useApiQuery(professionalKeys.profile(profile.id), (signal) => professionalApi.publicProfile(profile.id, signal), {
    enabled: profile.total_reviews > 0,
  });

  return (
    <section className="panel rating" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="panel__heading">
        {t('rating.title')}
      </h2>
      {profile.total_reviews === 0 ? (
        <p className="muted">{t('rating.none')}</p>
      ) : (
        <>
          <div className="rating__summary" data-testid="rating-summary">
            <p className="rating__average">
              <span className="sr-only">{t('rating.average')}: </span>
              <strong>{average}</strong> <span className="muted">{t('rating.outOf')}</span>
            </p>
            <Stars value={profile.rating_average} label={t('rating.stars', { value: average })} />
            <p className="muted">{t('rating.count', { count: profile.total_reviews })}</p>
          </div>
          <h3 className="pro-profile__subtitle">{t('rating.recent')}</h3>
          {reviews.state.status === 'loading' && <InlineLoading label={t('loading')} />}
          {reviews.state.status === 'error' && <InlineError message={t('error')} retryLabel={t('retry')} onRetry={reviews.retry} />}
          {reviews.state.status === 'ready' && (
            <ul className="review-list" role="list">
              {reviews.state.data.reviews.slice(0, 5).map((review) => (
                <li key={review.id}>
                  <ReviewItem review={review} onReplied={reviews.reload} />
                </li>
              ))}
            </ul>
          )}
        </>
      )}
    </section>
  );
}

function ReviewItem({ review, onReplied }: { review: PublicReview; onReplied: () => void }) {
  const { t, i18n } = useTranslation('professionalDashboard');
  const id = useId();
  const [open, setOpen] = useState(false);
  const [text, setText] = useState('');
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    setSending(true);
    setError(null);
    try {
      await professionalApi.reply(review.id, text.trim());
      notify.success(t('rating.replied'));
      setOpen(false);
      onReplied();
    } catch (err) {
      if (!(isApiError(err) && err.isSessionExpired)) setError(isApiError(err) ? err.message : t('rating.replyError'));
    } finally {
      setSending(false);
    }
  };

  return (
    <article className="review">
      <header className="review__head">
        <strong>{review.first_name}</strong>
        <Stars value={review.rating} label={t('rating.stars', { value: review.rating })} />
        <time className="muted" dateTime={review.created_at}>
          {new Date(review.created_at).toLocaleDateString(i18n.language, { timeZone: 'America/Sao_Paulo' })}
        </time>
      </header>
      {review.comment && <p className="review__comment">{review.comment}</p>}
      {review.reply ? (
        <p className="review__reply">
          <span className="muted">{t('rating.yourReply')}</span> {review.reply}
        </p>
      ) : open ? (
        <form className="review__form" onSubmit={(e) => void submit(e)}>
          <label htmlFor={`${id}-reply`} className="field__label">
            {t('rating.replyLabel', { name: review.first_name })}
          </label>
          <textarea id={`${id}-reply`} className="field__input review__textarea" rows={3} maxLength={1000} value={text} onChange={(e) => setText(e.target.value)} />
          {error && (
            <p className="field__error" role="alert">
              {error}
            </p>
          )}
          <div className="redeem__actions">
            <Button type="submit" size="sm" disabled={sending || !text.trim()}>
              {sending ? t('rating.sending') : t('rating.send')}
            </Button>
            <Button size="sm" variant="ghost" onClick={() => setOpen(false)}>
              {t('profile.cancel')}
            </Button>
          </div>
        </form>
      ) : (
        <button type="button" className="link-btn" onClick={() => setOpen(true)}>
          {t('rating.reply')}
        </button>
      )}
    </article>
  );
}
