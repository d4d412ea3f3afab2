/**
 * What the file manager's frame tells the window that opened it (the editor's picker): the picked file. Sent with
 * postMessage to this origin only; the receiver checks the origin, that the sender is its own frame, and the shape.
 */
export const PICK_MESSAGE = 'backoffice:filemanager:pick';

/** Where stored files are served; a picked address must be one of them. */
const FILES_URL_PREFIX = '/gallery/files/';

export interface PickedFile {
  url: string;
  name: string;
  /** Inserted as an image (else as a link). */
  image: boolean;
}

interface PickMessage extends PickedFile {
  type: typeof PICK_MESSAGE;
}

export function isPickMessage(data: unknown): data is PickMessage {
  if (typeof data !== 'object' || data === null) return false;
  const message = data as Record<string, unknown>;
  return (
    message.type === PICK_MESSAGE &&
    typeof message.url === 'string' &&
    message.url.startsWith(FILES_URL_PREFIX) &&
    typeof message.name === 'string' &&
    typeof message.image === 'boolean'
  );
}

/** The window to tell: the page around the frame, or the window that opened this one. */
export function pickTarget(): Window | null {
  if (window.parent !== window) return window.parent;
  // The opener belongs to another realm, so `instanceof Window` would not recognise it.
  const opener: Window | null = window.opener;
  return opener ?? null;
}

/** Sends the picked file to the opener, on this origin only; false when nothing opened the file manager. */
export function sendPick(file: PickedFile): boolean {
  const target = pickTarget();
  if (!target) return false;
  const message: PickMessage = { type: PICK_MESSAGE, ...file };
  target.postMessage(message, window.location.origin);
  return true;
}
