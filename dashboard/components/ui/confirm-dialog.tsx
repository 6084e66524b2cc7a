import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from '@/components/ui/button';

/** 'Are you sure?' before something that cannot be undone; stays open (and busy) until the call ends. */
export function ConfirmDialog({
  open,
  title,
  description,
  confirmLabel,
  busy,
  onConfirm,
  onClose,
  children,
}: {
  open: boolean;
  title: string;
  description: string;
  confirmLabel: string;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
  /** Shown under the description, e.g. the name of what is about to go. */
  children?: ReactNode;
}) {
  return (
    <Dialog open={open} role="alertdialog" onClose={() => (busy ? undefined : onClose())} className="fixed inset-0 z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-black/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel
          transition
          className="w-full max-w-md rounded-xl border bg-popover p-6 text-popover-foreground shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0"
        >
          <DialogTitle className="text-lg font-semibold">{title}</DialogTitle>
          <Description className="mt-2 text-sm text-muted-foreground">{description}</Description>
          {children}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={busy} autoFocus>
              Cancel
            </Button>
            <Button variant="destructive" onClick={onConfirm} loading={busy}>
              {confirmLabel}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
