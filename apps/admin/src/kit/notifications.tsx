import { DELAYS } from '@backoffice/shared';
import { Alert } from 'antd';
import { useSyncExternalStore } from 'react';

export type NotificationType = 'success' | 'danger';

interface Notification {
  id: number;
  type: NotificationType;
  text: string;
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
 * (DELAYS.notification = 4 s, spec 1 §4); a newer one replaces it. Callable outside React.
 */
export function notify(type: NotificationType, text: string, timeout: number = DELAYS.notification): void {
  clearTimeout(timer);
  sequence += 1;
  set({ id: sequence, type, text });
  timer = setTimeout(() => set(null), timeout);
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
        type={note.type === 'danger' ? 'error' : 'success'}
        title={note.text}
        showIcon
        closable={{ onClose: dismissNotification }}
      />
    </div>
  );
}
