import { WandSparkles } from 'lucide-react';
import type { ReactNode } from 'react';
import { Card } from '@core/ui/card';
import { authCopy } from '../utils/copy';

function Backdrop() {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute inset-0 -z-10 overflow-hidden">
      <div className="absolute inset-0 bg-linear-to-b from-primary/8 via-background to-background" />
      <div className="absolute -top-48 left-1/2 h-[30rem] w-[48rem] max-w-[160vw] -translate-x-1/2 rounded-full bg-primary/20 blur-3xl dark:bg-primary/15" />
      <div className="absolute -right-32 -bottom-40 size-[26rem] rounded-full bg-fuchsia-500/10 blur-3xl dark:bg-fuchsia-500/10" />
      <div className="absolute inset-0 bg-[linear-gradient(to_right,var(--border)_1px,transparent_1px),linear-gradient(to_bottom,var(--border)_1px,transparent_1px)] bg-[size:44px_44px] opacity-50 [mask-image:radial-gradient(ellipse_60%_50%_at_50%_0%,black,transparent)]" />
    </div>
  );
}

function Brand() {
  return (
    <div className="mb-6 flex items-center justify-center gap-2.5">
      <span className="flex size-9 items-center justify-center rounded-xl bg-primary text-primary-foreground shadow-md shadow-primary/25">
        <WandSparkles className="size-5" aria-hidden="true" />
      </span>
      <span className="text-lg font-semibold tracking-tight">Muse Studio</span>
    </div>
  );
}

/** The centred card of the sign-in screen: brand above, 'Welcome Back' header (or another), the current view inside. */
export function AuthLayout({
  children,
  title = authCopy.title,
  subtitle = authCopy.subtitle,
}: {
  children: ReactNode;
  title?: string;
  subtitle?: string;
}) {
  return (
    <main className="relative isolate flex min-h-svh flex-col items-center justify-center bg-background px-4 py-10 text-foreground sm:px-6">
      <Backdrop />
      <div className="w-full max-w-[25rem]">
        <Brand />
        <Card className="border-border/70 bg-card/90 shadow-xl shadow-black/5 backdrop-blur-sm dark:shadow-black/30">
          <div className="space-y-1.5 px-6 pt-8 pb-2 text-center sm:px-8">
            <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
            <p className="text-sm text-muted-foreground">{subtitle}</p>
          </div>
          <div className="px-6 pt-4 pb-8 sm:px-8">{children}</div>
        </Card>
      </div>
    </main>
  );
}
