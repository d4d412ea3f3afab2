import type { ChangeEvent, ReactNode } from 'react';
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
}

/** A labelled input with its error message, announced when it appears. */
export function Field({ id, label, value, onChange, onBlur, error, type = 'text', testId, ...rest }: FieldProps) {
  const message = error ? translateMessage(error) : null;
  return (
    <div className="bo-field">
      <label htmlFor={id}>{label}</label>
      <input
        {...rest}
        id={id}
        data-testid={testId}
        type={type}
        className={message ? 'bo-input bo-input-error' : 'bo-input'}
        value={value}
        aria-invalid={Boolean(message)}
        aria-describedby={message ? `${id}-error` : undefined}
        onChange={(event: ChangeEvent<HTMLInputElement>) => onChange(event.target.value)}
        onBlur={onBlur}
      />
      {message && (
        <div id={`${id}-error`} className="bo-field-error" role="alert">
          {message}
        </div>
      )}
    </div>
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
  type: 'error' | 'success';
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
