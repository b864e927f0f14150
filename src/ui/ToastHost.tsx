import { toast, ToastContainer } from 'react-toastify';
import 'react-toastify/ReactToastify.css';
import './toast.css';
import { useTranslation } from 'react-i18next';
import type { Notice } from '../../machines/notice';

export interface ToastOptions { type?: Notice['status']; theme?: 'light' | 'dark' }

/** The toast container and the call behind showToast; loaded with the first toast (see toast.tsx). */
export function show(text: string, { type, theme }: ToastOptions) {
  toast(text, { type, theme });
}

export default function ToastHost() {
  const { i18n } = useTranslation();
  return (
    <ToastContainer
      position="top-right"
      autoClose={5000}
      theme="light"
      rtl={i18n.dir() === 'rtl'}
      closeOnClick={false}
      pauseOnFocusLoss
    />
  );
}
