import { useEffect } from 'react';
import { Toaster } from 'sonner';
import { TOAST } from '@core/constants';
import { markToasterMounted } from '@/lib/toast';
import { useResolvedTheme } from '@/lib/theme';

/** sonner's Toaster in the app's theme; loaded with the first toast (lib/toast.ts). */
export function ThemedToaster() {
  const theme = useResolvedTheme();
  // A parent's effect runs after its children's: by now the Toaster listens for toasts.
  useEffect(() => markToasterMounted(), []);
  return (
    <Toaster
      theme={theme}
      visibleToasts={TOAST.limit}
      duration={TOAST.durationMs}
      hotkey={[TOAST.hotkey]}
      swipeDirections={[TOAST.swipeDirection]}
      position="bottom-right"
      richColors
      closeButton
    />
  );
}
