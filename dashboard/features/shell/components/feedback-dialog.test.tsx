// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type * as SendFeedback from '../api/send-feedback';

const sent = vi.hoisted(() => ({ calls: [] as unknown[] }));
const toast = vi.fn();
vi.mock('../api/send-feedback', async (importOriginal) => ({
  ...(await importOriginal<typeof SendFeedback>()),
  useSendFeedback: () => ({
    send: (input: unknown) => {
      sent.calls.push(input);
      return Promise.resolve({});
    },
    isPending: false,
  }),
}));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { FeedbackDialog } = await import('./feedback-dialog');

const dialog = () => screen.getByRole('dialog', { name: 'Send Feedback' });
const send = (text: string) => {
  fireEvent.change(within(dialog()).getByLabelText('Feedback'), { target: { value: text } });
  return act(async () => fireEvent.click(within(dialog()).getByRole('button', { name: 'Send' })));
};

describe('FeedbackDialog', () => {
  beforeEach(() => {
    sent.calls = [];
    toast.mockReset();
  });
  afterEach(cleanup);

  it('refuses blank feedback without a call and stays open', async () => {
    const onClose = vi.fn();
    render(
      <MemoryRouter>
        <FeedbackDialog open onClose={onClose} />
      </MemoryRouter>,
    );
    await send('   ');
    expect(toast).toHaveBeenCalledWith({
      title: 'Please enter your feedback',
      variant: 'destructive',
    });
    expect(sent.calls).toEqual([]);
    expect(onClose).not.toHaveBeenCalled();
    expect(dialog()).toBeTruthy();
  });

  it('sends the text with the page it was written on, thanks the user and closes', async () => {
    const onClose = vi.fn();
    render(
      <MemoryRouter initialEntries={['/library']}>
        <FeedbackDialog open onClose={onClose} />
      </MemoryRouter>,
    );
    await send('  The sidebar is lovely.  ');
    expect(sent.calls).toEqual([{ text: 'The sidebar is lovely.', page: '/library' }]);
    expect(toast).toHaveBeenCalledWith({
      title: 'Thank you for your feedback!',
      description: 'We appreciate your input.',
    });
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});
