import { Provider as JotaiProvider } from 'jotai';
import { lazy, Suspense, type ReactNode } from 'react';
import { AuthProvider } from '@/lib/auth';
import { ThemeProvider } from '@/lib/theme';
import { useToasterWanted } from '@/lib/toast';

const ThemedToaster = lazy(async () => ({ default: (await import('./toaster')).ThemedToaster }));

/** The toaster is mounted with the first toast, so sonner is not on the first page. */
function LazyToaster() {
  const wanted = useToasterWanted();
  return wanted ? (
    <Suspense fallback={null}>
      <ThemedToaster />
    </Suspense>
  ) : null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <JotaiProvider>
      <ThemeProvider>
        <AuthProvider>
          {children}
          <LazyToaster />
        </AuthProvider>
      </ThemeProvider>
    </JotaiProvider>
  );
}
