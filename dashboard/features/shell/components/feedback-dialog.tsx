import { DialogTitle, Description } from '@headlessui/react';
import { X } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { useLocation } from 'react-router-dom';
import { FEEDBACK_DIALOG_WIDTH_PX, FEEDBACK_MAX_CHARS } from '@core/constants';
import { Button } from '@core/ui/button';
import { Label, Textarea } from '@core/ui/input';
import { Modal } from '@/components/ui/modal';
import { toast } from '@/lib/toast';
import { sendFeedbackInputSchema, useSendFeedback } from '../api/send-feedback';

export function FeedbackDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [text, setText] = useState('');
  const { send, isPending } = useSendFeedback();
  const { pathname } = useLocation();
  const fieldId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = sendFeedbackInputSchema.safeParse({ text, page: pathname });
    if (!parsed.success) {
      toast({
        title: parsed.error.issues[0]?.message ?? 'Please enter your feedback',
        variant: 'destructive',
      });
      return;
    }
    try {
      await send(parsed.data);
      toast({ title: 'Thank you for your feedback!', description: 'We appreciate your input.' });
      setText('');
      onClose();
    } catch (error) {
      toast({
        title: 'Failed to send feedback',
        description: error instanceof Error ? error.message : 'Please try again.',
        variant: 'destructive',
      });
    }
  };

  return (
    <Modal
      open={open}
      onClose={() => (isPending ? undefined : onClose())}
      style={{ maxWidth: FEEDBACK_DIALOG_WIDTH_PX }}
      className="relative p-6"
    >
      <DialogTitle className="text-lg font-semibold">Send Feedback</DialogTitle>
      <Description className="mt-1.5 text-sm text-muted-foreground">
        Tell us what works, what doesn't, and what you'd like to see next.
      </Description>
      <form onSubmit={submit} className="mt-4 grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor={fieldId}>Feedback</Label>
          <Textarea
            id={fieldId}
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Your feedback…"
            rows={5}
            maxLength={FEEDBACK_MAX_CHARS}
            autoFocus
            className="resize-y"
          />
        </div>
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="outline" onClick={onClose} disabled={isPending}>
            Cancel
          </Button>
          <Button type="submit" loading={isPending}>
            {isPending ? 'Sending...' : 'Send'}
          </Button>
        </div>
      </form>
      <button
        type="button"
        onClick={onClose}
        aria-label="Close"
        className="absolute top-4 right-4 rounded-sm text-muted-foreground opacity-70 hover:opacity-100 focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
      >
        <X className="size-4" aria-hidden="true" />
      </button>
    </Modal>
  );
}
