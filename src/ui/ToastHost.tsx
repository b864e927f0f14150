import { toast, ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import './toast.css';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../machines/notice';

/** `id`: one toast for one event, however often it is asked (strict mode's double effects). */
export interface ToastOptions { type?: Notice['status']; theme?: 'light' | 'dark'; id?: string }

/** The toast container and the call behind showToast; loaded with the first toast (see toast.tsx). */
export function show(text: string, { type, theme, id }: ToastOptions) {
  toast(text, { type, theme, toastId: id });
}

export default function ToastHost() {
  const { i18n } = useTranslation();
  const rtl = i18n.dir() === 'rtl';
  return (
    // At the top of the page's end side: the right in English, the left in Arabic.
    <ToastContainer
      position={rtl ? 'top-left' : 'top-right'}
      autoClose={5000}
      theme="light"
      rtl={rtl}
      closeOnClick={false}
      pauseOnFocusLoss
    />
  );
}
