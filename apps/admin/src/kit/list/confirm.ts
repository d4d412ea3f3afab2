import type { ButtonProps, ModalFuncProps, PopconfirmProps } from 'antd';
import i18next from 'i18next';

/** Props of the confirming button of a confirmation (a stable test id; red for destructive actions). */
export function confirmButtonProps(danger: boolean): ButtonProps {
  return { danger, 'data-testid': 'confirm-ok' } as ButtonProps;
}

/**
 * What every Popconfirm shares: the admin's own OK and cancel labels in the current language (read while rendering:
 * its caller renders again when the language changes) and the confirming button, red unless `danger` is false.
 */
export function confirmPopProps(danger = true): Pick<PopconfirmProps, 'okText' | 'cancelText' | 'okButtonProps'> {
  return {
    okText: i18next.t('confirm.ok'),
    cancelText: i18next.t('confirm.cancel'),
    okButtonProps: confirmButtonProps(danger),
  };
}

/**
 * The props of a confirmation opened with `modal.confirm`: its confirming button, and no opening motion. antd's zoom
 * mounts the dialog at full size but transparent for a few frames, its buttons already taking clicks, and only then
 * shrinks it to a fifth and grows it back: a press on OK in those frames is released beside the shrunken button, and
 * the click is lost with the dialog left open (as the bulk menu's end-to-end test saw under load). Without the motion
 * the dialog is in place, and its buttons where they stay, from the first frame.
 */
export function confirmModalProps(
  danger: boolean,
): Pick<ModalFuncProps, 'okButtonProps' | 'transitionName' | 'maskTransitionName'> {
  return { okButtonProps: confirmButtonProps(danger), transitionName: '', maskTransitionName: '' };
}
