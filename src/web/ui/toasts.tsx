/**
 * The toast container as the seed sets it (docs/product.md §6.8, §6.9): top-right (top-left in Arabic),
 * below the navbar so it never covers the navbar's controls or the settings drawer's close button,
 * closing after 5000 ms, pausing on hover and when the window loses focus, dismissed by dragging. The
 * unstyled build keeps react-toastify's CSS out of the JavaScript; `notify` (ui/notify.ts) shows
 * toasts. Its English-only labels are replaced from the catalogue, and its timer bar (labelled in
 * English only) is hidden, though it still times the toast.
 */
import { useTranslation } from 'react-i18next';
import { ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import './toasts.css';

export const TOAST_AUTO_CLOSE_MS = 5000;

function CloseButton({ closeToast, theme }: CloseButtonProps) {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      className={`Toastify__close-button Toastify__close-button--${theme}`}
      aria-label={t('shell:toasts.close')}
      onClick={(event) => {
        event.stopPropagation();
        closeToast(true);
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 14 16">
        <path
          fillRule="evenodd"
          d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
        />
      </svg>
    </button>
  );
}

export function Toasts({ rtl, dark }: { rtl: boolean; dark: boolean }) {
  const { t } = useTranslation();
  return (
    <ToastContainer
      position={rtl ? 'top-left' : 'top-right'}
      rtl={rtl}
      autoClose={TOAST_AUTO_CLOSE_MS}
      pauseOnHover
      pauseOnFocusLoss
      draggable
      hideProgressBar
      closeButton={CloseButton}
      theme={dark ? 'dark' : 'light'}
      aria-label={t('shell:toasts.label')}
    />
  );
}
