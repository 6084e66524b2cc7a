import { Description, DialogTitle } from '@headlessui/react';
import type { ReactNode } from 'react';
import { Button } from '@core/ui/button';
import { Modal } from '@/components/ui/modal';

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
    <Modal
      open={open}
      role="alertdialog"
      onClose={() => (busy ? undefined : onClose())}
      className="max-w-md p-6"
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
    </Modal>
  );
}
