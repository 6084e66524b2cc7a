// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { FirebaseError } from 'firebase/app';
import { useState } from 'react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LlmIntegrationType } from '@core/integrations';

const callable = vi.hoisted(() => ({
  calls: [] as unknown[],
  next: null as null | (() => Promise<unknown>),
}));
const toast = vi.fn();
const configured = vi.hoisted(() => ({ current: null as ReadonlySet<LlmIntegrationType> | null }));

vi.mock('firebase/functions', () => ({
  httpsCallable: (_functions: unknown, name: string) => (payload: unknown) => {
    callable.calls.push({ name, payload });
    return callable.next ? callable.next() : Promise.reject(new Error('no answer set'));
  },
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/integration-statuses', () => ({ useConfiguredLlms: () => configured.current }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { EnhancePromptButton } = await import('./enhance-prompt-button');

function deferred<T>() {
  let resolve!: (v: T) => void;
  let reject!: (e: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

function Harness({ initial }: { initial: string }) {
  const [prompt, setPrompt] = useState(initial);
  return (
    <MemoryRouter>
      <label htmlFor="p">Prompt</label>
      <textarea id="p" value={prompt} onChange={(e) => setPrompt(e.target.value)} />
      <EnhancePromptButton prompt={prompt} onEnhanced={setPrompt} kind="image" />
    </MemoryRouter>
  );
}

const button = () => screen.getByRole('button', { name: 'Enhance Prompt with AI' });
const prompt = () => screen.getByLabelText('Prompt') as HTMLTextAreaElement;

describe('EnhancePromptButton', () => {
  beforeEach(() => {
    callable.calls = [];
    callable.next = null;
    configured.current = null;
    toast.mockReset();
  });
  afterEach(cleanup);

  it('asks for a prompt first and calls nobody when the prompt is blank', () => {
    render(<Harness initial="   " />);
    fireEvent.click(button());
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Please enter a prompt first',
      variant: 'destructive',
    });
    expect(callable.calls).toHaveLength(0);
  });

  it('is disabled with a spinner while the call runs, then replaces the prompt and says so', async () => {
    const answer = deferred<unknown>();
    callable.next = () => answer.promise;
    render(<Harness initial="a fox" />);

    fireEvent.click(button());
    // The mutation's pending state reaches React on TanStack Query's next notify tick.
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(true));
    expect(button().getAttribute('aria-busy')).toBe('true');
    expect(button().querySelector('.animate-spin')).not.toBeNull();
    expect(callable.calls).toEqual([
      {
        name: 'generateText',
        payload: {
          task: 'enhance',
          prompt: 'a fox',
          model: 'gpt-5.4-mini',
          context: { kind: 'image' },
        },
      },
    ]);

    await act(async () =>
      answer.resolve({
        data: {
          text: 'A red fox in morning mist, golden light',
          model: 'gpt-5.4-mini',
          provider: 'openai',
        },
      }),
    );
    expect(prompt().value).toBe('A red fox in morning mist, golden light');
    expect((button() as HTMLButtonElement).disabled).toBe(false);
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({ title: 'Prompt enhanced successfully' }),
    );
  });

  it('offers Undo, which puts the original prompt back', async () => {
    callable.next = () =>
      Promise.resolve({ data: { text: 'better', model: 'gpt-5.4-mini', provider: 'openai' } });
    render(<Harness initial="plain" />);
    await act(async () => fireEvent.click(button()));
    const { action } = toast.mock.calls[0]?.[0] as {
      action: { label: string; onClick: () => void };
    };
    expect(action.label).toBe('Undo');
    act(() => action.onClick());
    expect(prompt().value).toBe('plain');
  });

  it('uses the quick model of the provider the user has a key for', async () => {
    configured.current = new Set(['anthropic']);
    callable.next = () =>
      Promise.resolve({ data: { text: 'x', model: 'claude-haiku-4-5', provider: 'anthropic' } });
    render(<Harness initial="a fox" />);
    await act(async () => fireEvent.click(button()));
    expect(callable.calls).toEqual([
      expect.objectContaining({ payload: expect.objectContaining({ model: 'claude-haiku-4-5' }) }),
    ]);
  });

  it('keeps the prompt and shows the server message when the call fails', async () => {
    callable.next = () =>
      Promise.reject(
        new FirebaseError(
          'functions/unavailable',
          'OpenAI is not responding right now. Please try again later.',
        ),
      );
    render(<Harness initial="a fox" />);
    await act(async () => fireEvent.click(button()));
    expect(prompt().value).toBe('a fox');
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to enhance prompt',
      description: 'OpenAI is not responding right now. Please try again later.',
      variant: 'destructive',
    });
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('links to Integrations when the key is missing', async () => {
    callable.next = () =>
      Promise.reject(
        Object.assign(
          new FirebaseError(
            'functions/failed-precondition',
            'Add your OpenAI API key in Integrations to use this model.',
          ),
          { details: { reason: 'missing-key', provider: 'openai' } },
        ),
      );
    render(<Harness initial="a fox" />);
    await act(async () => fireEvent.click(button()));
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('Add your OpenAI API key in Integrations to use this model.');
    expect(screen.getByRole('link', { name: 'Integrations' }).getAttribute('href')).toBe(
      '/integrations',
    );
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Failed to enhance prompt',
        action: expect.objectContaining({ label: 'Open Integrations' }),
      }),
    );
  });

  it('falls back to the catalogue text when the failure has no message of its own', async () => {
    callable.next = () => Promise.reject(new FirebaseError('functions/internal', 'internal'));
    render(<Harness initial="a fox" />);
    await act(async () => fireEvent.click(button()));
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to enhance prompt',
      description: 'Failed to enhance prompt',
      variant: 'destructive',
    });
  });
});
