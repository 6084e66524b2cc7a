import { AlertCircle, Ban, Download, KeyRound, Loader2, X, type LucideIcon } from 'lucide-react';
import { useId } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@core/routes';
import { Button, buttonClasses } from '@core/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@core/ui/card';
import { cn } from '@core/ui/cn';

// The states every generation page's Preview card shares (image, video, voiceover, music): the frame the
// placeholder sits in, Cancel for a running job, the error with its way to Integrations, the cancelled
// notice and the empty placeholder. Each page keeps only what differs: its running text and its result.

/** The dashed frame a preview state sits in; `className` sets its shape (aspect ratio or min height). */
function PreviewFrame({ className, children }: { className: string; children: React.ReactNode }) {
  return (
    <div
      className={cn(
        'relative flex w-full items-center justify-center overflow-hidden rounded-lg border border-dashed bg-muted/40',
        className,
      )}
    >
      {children}
    </div>
  );
}

function CancelJobButton({
  onCancel,
  isCancelling,
}: {
  onCancel: () => void;
  isCancelling: boolean;
}) {
  return (
    <Button variant="outline" onClick={onCancel} loading={isCancelling}>
      {isCancelling ? (
        'Cancelling...'
      ) : (
        <>
          <X aria-hidden="true" />
          Cancel
        </>
      )}
    </Button>
  );
}

/** A failed job or start: the message, under a title when there is one, and a link when a key is the cause. */
function PreviewError({
  title,
  message,
  needsIntegrations,
}: {
  title?: string | null;
  message: string;
  needsIntegrations: boolean;
}) {
  return (
    <div role="alert" className="flex max-w-sm flex-col items-center gap-3 px-6 text-center">
      {needsIntegrations ? (
        <KeyRound className="size-9 text-destructive" aria-hidden="true" />
      ) : (
        <AlertCircle className="size-9 text-destructive" aria-hidden="true" />
      )}
      {title ? <p className="font-semibold text-destructive">{title}</p> : null}
      <p
        className={title ? 'text-sm text-muted-foreground' : 'text-sm font-medium text-destructive'}
      >
        {message}
      </p>
      {needsIntegrations ? (
        <Link to={paths.integrations} className={buttonClasses('outline', 'sm')}>
          Open Integrations
        </Link>
      ) : null}
    </div>
  );
}

function PreviewCancelled() {
  return (
    <div
      role="status"
      className="flex flex-col items-center gap-2 px-6 text-center text-muted-foreground"
    >
      <Ban className="size-9" aria-hidden="true" />
      <p className="text-sm">Generation cancelled</p>
    </div>
  );
}

function PreviewPlaceholder({ icon: Icon, text }: { icon: LucideIcon; text: string }) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 text-center text-muted-foreground">
      <Icon className="size-10 opacity-70" aria-hidden="true" />
      <p className="text-sm">{text}</p>
    </div>
  );
}

/**
 * What a running job shows inside the frame: a spinner, the page's title line when it has one, the job's
 * live status (the main line when there is no title), anything extra (a progress bar) and a hint.
 */
export function PreviewRunning({
  title,
  status,
  hint,
  children,
}: {
  title?: string;
  status: React.ReactNode;
  hint?: string;
  children?: React.ReactNode;
}) {
  return (
    <div className="flex flex-col items-center gap-3 px-6 text-center">
      <Loader2 className="size-10 animate-spin text-primary" aria-hidden="true" />
      {title ? <p className="text-sm font-medium">{title}</p> : null}
      <p
        role="status"
        aria-live="polite"
        className={title ? 'text-xs text-muted-foreground' : 'text-sm font-medium'}
      >
        {status}
      </p>
      {children}
      {hint ? <p className="max-w-xs text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

/** Download for a finished result, its icon giving way to the spinner while the file is fetched. */
export function PreviewDownloadButton({
  label,
  onClick,
  loading,
  variant,
}: {
  label: string;
  onClick: () => void;
  loading: boolean;
  variant?: 'outline';
}) {
  return (
    <Button variant={variant} onClick={onClick} loading={loading}>
      {loading ? null : <Download aria-hidden="true" />}
      {label}
    </Button>
  );
}

/** What a page's Preview card takes from its route: the job's view and the cancel and download actions. */
export interface JobPreviewProps<V> {
  view: V;
  onCancel: () => void;
  isCancelling: boolean;
  onDownload: (url: string, prompt: string) => void;
  isDownloading: boolean;
}

/** The states of a Preview card every generation page shares; a page's result adds its own fields. */
export type PreviewStateView =
  | { kind: 'empty' }
  | { kind: 'running'; statusText: string; progress: number; canCancel: boolean }
  | { kind: 'result' }
  | { kind: 'error'; title?: string | null; message: string; needsIntegrations: boolean }
  | { kind: 'cancelled' };

/**
 * A generation page's whole Preview card: the shared states in the page's frame, with the page drawing
 * only what is its own (the running text inside the frame, and the result).
 */
export function GenerationPreview<V extends PreviewStateView>({
  view,
  frameClassName,
  placeholder,
  running,
  result,
  onCancel,
  isCancelling,
}: {
  view: V;
  frameClassName: string;
  placeholder: { icon: LucideIcon; text: string };
  running: (view: Extract<V, { kind: 'running' }>) => React.ReactNode;
  result: (view: Extract<V, { kind: 'result' }>) => React.ReactNode;
  onCancel: () => void;
  isCancelling: boolean;
}) {
  const state: PreviewStateView = view;
  let body: React.ReactNode;
  switch (state.kind) {
    case 'running':
      body = (
        <>
          <PreviewFrame className={frameClassName}>
            {running(view as Extract<V, { kind: 'running' }>)}
          </PreviewFrame>
          {state.canCancel ? (
            <CancelJobButton onCancel={onCancel} isCancelling={isCancelling} />
          ) : null}
        </>
      );
      break;
    case 'result':
      body = result(view as Extract<V, { kind: 'result' }>);
      break;
    case 'error':
      body = (
        <PreviewFrame className={frameClassName}>
          <PreviewError
            title={state.title}
            message={state.message}
            needsIntegrations={state.needsIntegrations}
          />
        </PreviewFrame>
      );
      break;
    case 'cancelled':
      body = (
        <PreviewFrame className={frameClassName}>
          <PreviewCancelled />
        </PreviewFrame>
      );
      break;
    default:
      body = (
        <PreviewFrame className={frameClassName}>
          <PreviewPlaceholder icon={placeholder.icon} text={placeholder.text} />
        </PreviewFrame>
      );
  }
  return <PreviewCardShell>{body}</PreviewCardShell>;
}

/** The Preview card a generation page shows its job in: a labelled region that stays in view on wide screens. */
function PreviewCardShell({ children }: { children: React.ReactNode }) {
  const titleId = useId();
  return (
    <Card role="region" aria-labelledby={titleId} className="h-fit min-w-0 lg:sticky lg:top-20">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle id={titleId}>Preview</CardTitle>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-4 p-4 pt-0 sm:p-6 sm:pt-0">{children}</CardContent>
    </Card>
  );
}
