import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { readCallableError } from '@/lib/call';
import { toast } from '@/lib/toast';
import { useDeleteGeneration } from '../api/delete-generation';
import type { LibraryItem } from '../api/get-generations';

/** The confirmation; on success the card goes and a toast confirms, on failure the dialog stays. */
export function DeleteProjectDialog({
  item,
  open,
  onClose,
  onDeleted,
}: {
  item: LibraryItem | null;
  open: boolean;
  onClose: () => void;
  onDeleted: (item: LibraryItem) => void;
}) {
  const { remove, isPending } = useDeleteGeneration();

  const confirm = async () => {
    if (!item || !open) return;
    try {
      await remove(item.id);
      onDeleted(item);
      onClose();
      toast({
        title: 'Project deleted',
        description: 'The project has been successfully deleted.',
      });
    } catch (error) {
      console.warn('deleteGeneration failed', readCallableError(error, 'Delete failed'));
      toast({
        title: 'Delete failed',
        description: 'There was an error deleting your project.',
        variant: 'destructive',
      });
    }
  };

  return (
    <ConfirmDialog
      open={open && item !== null}
      title="Are you sure?"
      description="This action cannot be undone. This will permanently delete your project."
      confirmLabel={isPending ? 'Deleting...' : 'Delete'}
      busy={isPending}
      onConfirm={() => void confirm()}
      onClose={onClose}
    >
      {item ? (
        <p className="mt-3 truncate rounded-md bg-muted px-3 py-2 text-sm font-medium">
          {item.title}
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
