// "Avaliar profissional": 1–5 stars (a radio group) and an optional comment for a redeemed voucher (POST /api/reviews).
// A second review of the same voucher (409 review_exists) closes the dialog as already reviewed.
import './i18n';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../button';
import { Dialog } from '../dialog';
import { AlertIcon } from '../icons';
import { isApiError } from '../../lib/api';
import { notify } from '../../lib/toast';
import { vouchersApi, type MyVoucher } from './api';

const COMMENT_MAX = 1000;

export function ReviewDialog({ voucher, onClose, onReviewed }: { voucher: MyVoucher; onClose: () => void; onReviewed: (reviewId: string | null) => void }) {
  const { t } = useTranslation('vouchers');
  const id = useId();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const business = voucher.redeemed_by?.business_name ?? '';

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (rating < 1) {
      setError(t('dialog.needRating'));
      return;
    }
    setSending(true);
    setError(null);
    try {
      const review = await vouchersApi.review({ voucher_id: voucher.id, rating, comment: comment.trim() || null });
      notify.success(t('dialog.success'), t('dialog.successBody'));
      onReviewed(review.id);
    } catch (err) {
      setSending(false);
      if (isApiError(err) && err.code === 'review_exists') {
        notify.info(t('dialog.exists'));
        onReviewed(null);
        return;
      }
      if (isApiError(err) && err.isSessionExpired) return;
      setError(isApiError(err) ? err.message : t('dialog.error'));
    }
  };

  return (
    <Dialog
      open
      onClose={onClose}
      title={t('dialog.title', { business })}
      description={t('dialog.description', { plan: voucher.plan.name })}
      footer={
        <>
          <Button variant="ghost" onClick={onClose} disabled={sending}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" form={`${id}-form`} disabled={sending}>
            {sending ? t('dialog.sending') : t('dialog.submit')}
          </Button>
        </>
      }
    >
      <form id={`${id}-form`} className="form review-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="stars" aria-describedby={error ? `${id}-error` : undefined}>
          <legend className="field__label">{t('dialog.ratingLegend')}</legend>
          <div className="stars__row">
            {[1, 2, 3, 4, 5].map((n) => (
              <label key={n} className={`stars__star${n <= rating ? ' stars__star--on' : ''}`}>
                <input
                  type="radio"
                  name={`${id}-rating`}
                  value={n}
                  className="sr-only"
                  checked={rating === n}
                  onChange={() => {
                    setRating(n);
                    setError(null);
                  }}
                />
                <span aria-hidden="true">★</span>
                <span className="sr-only">{t('dialog.star', { count: n })}</span>
              </label>
            ))}
          </div>
        </fieldset>
        <div className="field">
          <label htmlFor={`${id}-comment`} className="field__label">
            {t('dialog.comment')}
          </label>
          <textarea
            id={`${id}-comment`}
            className="field__input review-form__comment"
            rows={4}
            maxLength={COMMENT_MAX}
            value={comment}
            onChange={(e) => setComment(e.target.value)}
            aria-describedby={`${id}-hint`}
          />
          <p id={`${id}-hint`} className="field__hint">
            {t('dialog.commentHint')}
          </p>
        </div>
        {error && (
          <p id={`${id}-error`} className="field__error" role="alert">
            <AlertIcon size={16} />
            <span>{error}</span>
          </p>
        )}
      </form>
    </Dialog>
  );
}
