import { DELAYS } from '@backoffice/shared';
import { Alert, Button } from 'antd';
import i18next from 'i18next';
import { useSyncExternalStore } from 'react';
import { errorMessage } from '../api/client';
import type { I18nKey } from '../i18n';

/** Success and danger are the specification's; info says that nothing needed doing (e.g. nothing to copy). */
export type NotificationType = 'success' | 'danger' | 'info';

/** A button in the bar (a removal's "Undo"): pressing it hides the bar and runs `run`. */
export interface NotificationAction {
  label: string;
  run: () => void;
}

interface Notification {
  id: number;
  type: NotificationType;
  text: string;
  action?: NotificationAction;
}

let current: Notification | null = null;
let timer: ReturnType<typeof setTimeout> | undefined;
let sequence = 0;
const listeners = new Set<() => void>();

function set(next: Notification | null): void {
  current = next;
  for (const listener of listeners) listener();
}

/** Hides the notification bar at once. */
export function dismissNotification(): void {
  clearTimeout(timer);
  set(null);
}

/**
 * Shows a success or danger notification that hides itself after `timeout`
 * (DELAYS.notification = 4 s, docs/spec-index.md S1.4); a newer one replaces it. Callable outside React.
 */
export function notify(
  type: NotificationType,
  text: string,
  timeout: number = DELAYS.notification,
  action?: NotificationAction,
): void {
  clearTimeout(timer);
  sequence += 1;
  set({ id: sequence, type, text, action });
  timer = setTimeout(() => set(null), timeout);
}

/**
 * A failed action in the danger bar: what failed, then why (`Uloženie zlyhalo. Chyba: …`). The reason is the
 * error's message, or a text given as it is.
 */
export function notifyFailure(what: I18nKey, reason: unknown): void {
  const why = typeof reason === 'string' ? reason : errorMessage(reason);
  notify('danger', `${i18next.t(what)} ${i18next.t('message.errorLabel')}: ${why}`);
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The notification bar at the top of the window; mount it once. */
export function NotificationBar() {
  const note = useSyncExternalStore(subscribe, () => current);
  if (!note) return null;
  return (
    <div
      key={note.id}
      className="bo-notification"
      data-testid="notification"
      data-type={note.type}
      role={note.type === 'danger' ? 'alert' : 'status'}
    >
      <Alert
        type={note.type === 'danger' ? 'error' : note.type}
        title={note.text}
        showIcon
        action={
          note.action && (
            <Button
              size="small"
              data-testid="notification-action"
              onClick={() => {
                const { run } = note.action ?? {};
                dismissNotification();
                run?.();
              }}
            >
              {note.action.label}
            </Button>
          )
        }
        closable={{ onClose: dismissNotification }}
      />
    </div>
  );
}
