// Labelled inputs with their hint and error wired for assistive tech (aria-describedby,
// aria-invalid): one look for every form of the app.
import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { AlertIcon, EyeIcon, EyeOffIcon } from './icons';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  name: string;
  error?: string | undefined;
  hint?: ReactNode;
  /** Shown next to the label for optional fields. */
  optional?: boolean;
  /** Drawn inside the input's right edge (a spinner, a show-password button). */
  trailing?: ReactNode;
  /** Spans both columns of a `.form-grid`. */
  wide?: boolean;
  /** The error takes the hint's place, in a slot two lines high, so what follows the field does not move when the
   * error appears on blur (the tap that caused the blur would land beside the next control). */
  errorReplacesHint?: boolean;
  className?: string;
  ref?: Ref<HTMLInputElement>;
}

export function TextField({ label, name, error, hint: hintProp, optional, trailing, wide, className, readOnly, errorReplacesHint, ...input }: FieldProps) {
  const { t } = useTranslation();
  const id = useId();
  const hint = errorReplacesHint && error ? undefined : hintProp;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const messages = (
    <>
      {error && (
        <p id={errorId} className="field__error">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      )}
      {hint && (
        <p id={hintId} className="field__hint">
          {hint}
        </p>
      )}
    </>
  );
  const classes = ['field', wide && 'field--wide', readOnly && 'field--readonly', error && 'field--invalid', className].filter(Boolean).join(' ');

  return (
    <div className={classes}>
      <label htmlFor={id} className="field__label">
        {label}
        {optional && <span className="field__optional"> {t('form.optional')}</span>}
      </label>
      <div className={`field__control${trailing ? ' field__control--trailing' : ''}`}>
        <input
          id={id}
          name={name}
          className="field__input"
          readOnly={readOnly}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...input}
        />
        {trailing && <span className="field__trailing">{trailing}</span>}
      </div>
      {errorReplacesHint ? <div className="field__message">{messages}</div> : messages}
    </div>
  );
}

/** A password input with a show/hide toggle (aria-pressed) inside it. */
export function PasswordField(props: Omit<FieldProps, 'type' | 'trailing'>) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextField
      {...props}
      type={visible ? 'text' : 'password'}
      autoCapitalize="none"
      spellCheck={false}
      trailing={
        <button
          type="button"
          className="field__toggle"
          aria-pressed={visible}
          aria-label={t('form.showPassword')}
          title={visible ? t('form.hidePasswordTitle') : t('form.showPasswordTitle')}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? <EyeOffIcon size={18} /> : <EyeIcon size={18} />}
        </button>
      }
    />
  );
}

/** A checkbox with its label (which may hold links) and an error under it. */
export function CheckboxField({
  name,
  label,
  error,
  checked,
  onChange,
}: {
  name: string;
  label: ReactNode;
  error?: string | undefined;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  const id = useId();
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className={`check-field${error ? ' field--invalid' : ''}`}>
      <input
        id={id}
        name={name}
        type="checkbox"
        className="check-field__input"
        checked={checked}
        aria-invalid={error ? true : undefined}
        aria-describedby={errorId}
        onChange={(event) => onChange(event.target.checked)}
      />
      <label htmlFor={id} className="check-field__label">
        {label}
      </label>
      {error && (
        <p id={errorId} className="field__error check-field__error">
          <AlertIcon size={16} />
          <span>{error}</span>
        </p>
      )}
    </div>
  );
}
