import { defineBackground } from '#imports';
import { DEFAULT_DASHBOARD_URL } from '@core/routes';
import { registerBackground } from './register';

export default defineBackground(() => {
  registerBackground(
    (import.meta.env.VITE_DASHBOARD_URL as string | undefined) || DEFAULT_DASHBOARD_URL,
  );
});
