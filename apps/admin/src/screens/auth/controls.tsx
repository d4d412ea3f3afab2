import { type ChangeEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../i18n';
import type { FieldErrors } from '../../kit/zodForm';
import './auth.css';

// The sign-in screens are the admin's entry: plain elements styled like antd's, so the first load fetches none of
// the UI kit (the signed-in shell brings antd).

interface FieldProps {
  /** The input's id; its error message is `${id}-error`. */
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  /** A message key or server sentence, shown under the field once it applies. */
  error?: string | null;
  type?: 'email' | 'password' | 'text';
  autoComplete?: string;
  autoFocus?: boolean;
  disabled?: boolean;
  testId?: string;
  inputMode?: 'text' | 'numeric';
}

/** A labelled input with its error message, announced when it appears; a password field gets a show/hide toggle. */
export function Field({ id, label, value, onChange, onBlur, error, type = 'text', testId, ...rest }: FieldProps) {
  const { t } = useTranslation();
  const [revealed, setRevealed] = useState(false);
  const message = error ? translateMessage(error) : null;
  const password = type === 'password';
  const input = (
    <input
      {...rest}
      id={id}
      data-testid={testId}
      type={password && revealed ? 'text' : type}
      className={message ? 'bo-input bo-input-error' : 'bo-input'}
      value={value}
      aria-invalid={Boolean(message)}
      aria-describedby={message ? `${id}-error` : undefined}
      onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
      onBlur={onBlur}
    />
  );
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      {password ? (
        <div className="bo-input-affix">
          {input}
          <button
            type="button"
            className="bo-reveal"
            aria-label={t('auth.showPassword')}
            aria-pressed={revealed}
            aria-controls={id}
            data-testid={testId ? `${testId}-reveal` : undefined}
            disabled={rest.disabled}
            onClick={() => setRevealed((shown) => !shown)}
          >
            <EyeIcon crossed={revealed} />
          </button>
        </div>
      ) : (
        input
      )}
      {message && (
        <div id={`${id}-error`} className="bo-field-error" role="alert">
          {message}
        </div>
      )}
    </div>
  );
}

/** An eye (the password is hidden; pressing shows it) or a crossed eye (shown; pressing hides it), 16 px. */
function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path
        d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12z"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinejoin="round"
      />
      <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="2" />
      {crossed && <path d="M4 4l16 16" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />}
    </svg>
  );
}

/** The form's primary button; while `loading` it shows a spinner and stays disabled. */
export function SubmitButton({
  children,
  disabled,
  loading,
  testId,
}: {
  children: ReactNode;
  disabled: boolean;
  loading: boolean;
  testId: string;
}) {
  return (
    <button
      type="submit"
      data-testid={testId}
      className="bo-button bo-button-primary bo-field"
      disabled={disabled || loading}
      aria-busy={loading}
    >
      {loading && <span className="bo-button-spinner" aria-hidden="true" />}
      {children}
    </button>
  );
}

/** A message above or instead of the form: errors are announced at once, a success politely. */
export function Notice({
  type,
  children,
  action,
  testId,
}: {
  type: 'error' | 'success' | 'info';
  children: ReactNode;
  action?: ReactNode;
  testId?: string;
}) {
  return (
    <div
      className={`bo-notice bo-notice-${type} bo-form-alert`}
      role={type === 'error' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <span className="bo-notice-text">{children}</span>
      {action}
    </div>
  );
}

/** The first error of a field, only once the field has been touched. */
export function firstError(errors: FieldErrors | null, field: string, touched: boolean): string | null {
  return touched ? (errors?.[field]?.[0] ?? null) : null;
}
