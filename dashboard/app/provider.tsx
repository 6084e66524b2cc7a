import { Provider as JotaiProvider } from 'jotai';
import type { ReactNode } from 'react';
import { Toaster } from 'sonner';
import { TOAST } from '@core/constants';
import { AuthProvider } from '@/lib/auth';
import { ThemeProvider, useResolvedTheme } from '@/lib/theme';

function ThemedToaster() {
  const theme = useResolvedTheme();
  return <Toaster theme={theme} visibleToasts={TOAST.limit} duration={TOAST.durationMs} hotkey={[TOAST.hotkey]} swipeDirections={[TOAST.swipeDirection]} position="bottom-right" richColors closeButton />;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider>
      <ThemeProvider>
        <AuthProvider>
          {children}
          <ThemedToaster />
        </AuthProvider>
      </ThemeProvider>
    </JotaiProvider>
  );
}
