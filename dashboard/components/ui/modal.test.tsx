// @vitest-environment jsdom
import { DialogTitle } from '@headlessui/react';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

// The shared dialog shell: mounted only while open, gone after its exit animation, also when it is
// closed in the middle of opening (the case Headless UI's own transitions left stuck open).

afterEach(cleanup);

function View({
  open,
  onClose = () => {},
  title = 'Add Audio',
}: {
  open: boolean;
  onClose?: () => void;
  title?: string;
}) {
  return (
    <Modal open={open} onClose={onClose} testId="panel" className="max-w-md p-6">
      <DialogTitle>{title}</DialogTitle>
      <button type="button">Add Calm piano</button>
    </Modal>
  );
}

describe('Modal', () => {
  it('renders nothing while closed, and a dialog named by its title when open', () => {
    const { rerender } = render(<View open={false} />);
    expect(screen.queryByRole('dialog')).toBeNull();
    rerender(<View open />);
    expect(screen.getByRole('dialog', { name: 'Add Audio' })).toBeTruthy();
    expect(screen.getByTestId('panel').className).toContain('max-w-md');
  });

  it('closed in the same moment it opened, it still goes away', async () => {
    const { rerender } = render(<View open={false} />);
    rerender(<View open />);
    expect(screen.getByRole('dialog')).toBeTruthy();
    rerender(<View open={false} />);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('keeps its last content while it fades out', async () => {
    const { rerender } = render(<View open title="Add Image" />);
    rerender(<View open={false} title="" />);
    // Still on screen for the exit animation, with what it showed when it was open.
    expect(screen.getByRole('dialog', { name: 'Add Image' })).toBeTruthy();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('reopened while fading out, it stays open', async () => {
    const { rerender } = render(<View open />);
    rerender(<View open={false} />);
    rerender(<View open />);
    await act(() => new Promise((r) => setTimeout(r, 400)));
    expect(screen.getByRole('dialog', { name: 'Add Audio' })).toBeTruthy();
  });

  it('asks to close on Escape', () => {
    const onClose = vi.fn();
    render(<View open onClose={onClose} />);
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  it('can be an alert dialog', () => {
    render(
      <Modal open role="alertdialog" onClose={() => {}}>
        <DialogTitle>Are you sure?</DialogTitle>
      </Modal>,
    );
    expect(screen.getByRole('alertdialog', { name: 'Are you sure?' })).toBeTruthy();
  });
});
