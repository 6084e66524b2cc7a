import { Description, Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { Button } from '@/components/ui/button';
import { readCallableError } from '@/lib/callable-error';
import { toast } from '@/lib/toast';
import { useDeleteGeneration } from '../api/delete-generation';
import type { LibraryItem } from '../api/get-generations';

/** The spec's confirmation; on success the card goes and a toast confirms, on failure the dialog stays. */
export function DeleteProjectDialog({ item, open, onClose, onDeleted }: { item: LibraryItem | null; open: boolean; onClose: () => void; onDeleted: (item: LibraryItem) => void }) {
  const { remove, isPending } = useDeleteGeneration();

  const confirm = async () => {
    if (!item || !open) return;
    try {
      await remove(item.id);
      onDeleted(item);
      onClose();
      toast({ title: 'Project deleted', description: 'The project has been successfully deleted.' });
    } catch (error) {
      console.warn('deleteGeneration failed', readCallableError(error, 'Delete failed'));
      toast({ title: 'Delete failed', description: 'There was an error deleting your project.', variant: 'destructive' });
    }
  };

  return (
    <Dialog open={open && item !== null} onClose={() => (isPending ? undefined : onClose())} role="alertdialog" className="fixed inset-0 z-50">
      <DialogBackdrop transition className="fixed inset-0 bg-black/50 transition-opacity duration-150 data-closed:opacity-0" />
      <div className="fixed inset-0 flex items-center justify-center p-4">
        <DialogPanel transition className="w-full max-w-md rounded-xl border bg-popover p-6 text-popover-foreground shadow-xl transition duration-150 data-closed:scale-95 data-closed:opacity-0">
          <DialogTitle className="text-lg font-semibold">Are you sure?</DialogTitle>
          <Description className="mt-2 text-sm text-muted-foreground">This action cannot be undone. This will permanently delete your project.</Description>
          {item ? <p className="mt-3 truncate rounded-md bg-muted px-3 py-2 text-sm font-medium">{item.title}</p> : null}
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={onClose} disabled={isPending} autoFocus>
              Cancel
            </Button>
            <Button variant="destructive" onClick={confirm} loading={isPending}>
              {isPending ? 'Deleting...' : 'Delete'}
            </Button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
