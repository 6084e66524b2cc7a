// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { FirebaseError } from 'firebase/app';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LlmIntegrationType } from '@core/integrations';

const callable = vi.hoisted(() => ({
  calls: [] as { name: string; payload: unknown }[],
  answer: (() => Promise.resolve({})) as (name: string) => Promise<unknown>,
}));
const configured = vi.hoisted(() => ({ current: null as ReadonlySet<LlmIntegrationType> | null }));
const toast = vi.fn();

vi.mock('firebase/functions', () => ({
  httpsCallable: (_f: unknown, name: string) => (payload: unknown) => {
    callable.calls.push({ name, payload });
    return callable.answer(name);
  },
}));
vi.mock('@/lib/firebase', () => ({ getFirebase: () => ({ functions: {} }) }));
vi.mock('@/lib/integration-statuses', () => ({ useConfiguredLlms: () => configured.current }));
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));

const { CreativeAssistant } = await import('./creative-assistant');

const box = () => screen.getByRole('region', { name: 'Creative Assistant' });
const ask = (text: string) => {
  fireEvent.change(within(box()).getByLabelText('What would you like to create?'), {
    target: { value: text },
  });
  return act(async () =>
    fireEvent.click(within(box()).getByRole('button', { name: 'Ask Assistant' })),
  );
};

describe('CreativeAssistant', () => {
  beforeEach(() => {
    callable.calls = [];
    configured.current = null;
    toast.mockReset();
    render(
      <MemoryRouter>
        <CreativeAssistant />
      </MemoryRouter>,
    );
  });
  afterEach(cleanup);

  it("offers each provider's current default, gpt-5.4-mini chosen, while no key lists its models", () => {
    const select = within(box()).getByLabelText('Model') as HTMLSelectElement;
    expect(select.value).toBe('gpt-5.4-mini');
    expect([...select.options].map((o) => [o.value, o.text])).toEqual([
      ['gpt-5.4-mini', 'GPT-5.4 mini'],
      ['claude-haiku-4-5', 'Claude Haiku 4.5'],
      ['gemini-2.5-flash', 'Gemini 2.5 Flash'],
    ]);
    expect(callable.calls).toEqual([]);
  });

  it("lists what the user's key offers and moves a choice it no longer offers to another model, with a note", async () => {
    cleanup();
    configured.current = new Set(['openai']);
    callable.answer = (name) =>
      Promise.resolve({
        data:
          name === 'listModels'
            ? {
                provider: 'openai',
                models: [
                  { id: 'gpt-4.1-mini', label: 'gpt-4.1-mini' },
                  { id: 'gpt-5.4', label: 'gpt-5.4' },
                ],
                defaultModel: 'gpt-5.4-mini',
                fetchedAt: 0,
              }
            : { text: 'ok', model: 'gpt-4.1-mini', provider: 'openai' },
      });
    await act(async () => {
      render(
        <MemoryRouter>
          <CreativeAssistant />
        </MemoryRouter>,
      );
    });
    const select = within(box()).getByLabelText('Model') as HTMLSelectElement;
    await waitFor(() =>
      expect([...select.options].map((o) => o.value)).toEqual([
        'gpt-4.1-mini',
        'gpt-5.4',
        'claude-haiku-4-5',
        'gemini-2.5-flash',
      ]),
    );
    expect(select.value).toBe('gpt-4.1-mini');
    expect(within(box()).getByRole('status').textContent).toBe(
      'gpt-5.4-mini is no longer offered to your key; gpt-4.1-mini is used instead.',
    );
    await ask('hooks');
    expect(callable.calls).toEqual([
      { name: 'listModels', payload: { provider: 'openai' } },
      {
        name: 'generateText',
        payload: { task: 'assistant', prompt: 'hooks', model: 'gpt-4.1-mini' },
      },
    ]);
  });

  it('says so when the server answered with another model than the one chosen', async () => {
    callable.answer = () =>
      Promise.resolve({
        data: {
          text: 'ok',
          model: 'claude-haiku-4-5',
          provider: 'anthropic',
          replacedModel: 'claude-3-5-haiku-latest',
        },
      });
    await ask('hooks');
    expect(within(box()).getByRole('region', { name: 'Assistant answer' }).textContent).toContain(
      'claude-3-5-haiku-latest is no longer offered to your key; claude-haiku-4-5 is used instead.',
    );
  });

  it('asks for a prompt and calls nobody when it is blank', async () => {
    await ask('  ');
    expect(toast).toHaveBeenCalledWith({
      title: 'Error',
      description: 'Please enter a prompt',
      variant: 'destructive',
    });
    expect(callable.calls).toHaveLength(0);
  });

  it('makes one assistant call with the chosen model and shows the answer with Copy', async () => {
    callable.answer = () =>
      Promise.resolve({
        data: { text: 'Three hooks:\n1. Dawn', model: 'claude-haiku-4-5', provider: 'anthropic' },
      });
    fireEvent.change(within(box()).getByLabelText('Model'), {
      target: { value: 'claude-haiku-4-5' },
    });
    await ask('hooks for a hike video');
    expect(callable.calls).toEqual([
      {
        name: 'generateText',
        payload: { task: 'assistant', prompt: 'hooks for a hike video', model: 'claude-haiku-4-5' },
      },
    ]);
    const answer = within(box()).getByRole('region', { name: 'Assistant answer' });
    expect(answer.textContent).toContain('Three hooks:\n1. Dawn');
    expect(answer.textContent).toContain('Answer · claude-haiku-4-5');
    expect(within(answer).getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ title: 'Content Generated' }));
  });

  it('shows the server message under the catalogue title when the call fails', async () => {
    callable.answer = () =>
      Promise.reject(
        new FirebaseError(
          'functions/resource-exhausted',
          'Your OpenAI account is out of credit. Add credit with OpenAI, then try again.',
        ),
      );
    await ask('anything');
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to process AI request',
      description: 'Your OpenAI account is out of credit. Add credit with OpenAI, then try again.',
      variant: 'destructive',
    });
    expect(within(box()).getByRole('alert').textContent).toBe(
      'Your OpenAI account is out of credit. Add credit with OpenAI, then try again.',
    );
  });

  it('links a refused key to Integrations', async () => {
    callable.answer = () =>
      Promise.reject(
        Object.assign(
          new FirebaseError(
            'functions/failed-precondition',
            'Your OpenAI API key is invalid. Update it in Integrations.',
          ),
          { details: { reason: 'invalid-key', provider: 'openai' } },
        ),
      );
    await ask('anything');
    expect(toast).toHaveBeenCalledWith({
      title: 'Failed to process AI request',
      description: 'Your OpenAI API key is invalid. Update it in Integrations.',
      variant: 'destructive',
    });
    const alert = within(box()).getByRole('alert');
    expect(alert.textContent).toBe('Your OpenAI API key is invalid. Update it in Integrations.');
    expect(within(alert).getByRole('link', { name: 'Integrations' }).getAttribute('href')).toBe(
      '/integrations',
    );
    // The prompt stays for the next try.
    expect(
      (within(box()).getByLabelText('What would you like to create?') as HTMLTextAreaElement).value,
    ).toBe('anything');
  });

  it('says under the picker, before anything is sent, that the chosen model has no key, with a link', async () => {
    cleanup();
    configured.current = new Set(['openai']);
    callable.answer = () => new Promise(() => undefined);
    render(
      <MemoryRouter>
        <CreativeAssistant />
      </MemoryRouter>,
    );
    fireEvent.change(within(box()).getByLabelText('Model'), {
      target: { value: 'gemini-2.5-flash' },
    });
    const note = within(box()).getByText(/to use this model\.$/);
    expect(note.textContent).toBe('Add your Gemini API key in Integrations to use this model.');
    expect(within(note).getByRole('link', { name: 'Integrations' }).getAttribute('href')).toBe(
      '/integrations',
    );
    expect(callable.calls.filter((c) => c.name === 'generateText')).toEqual([]);
  });

  it('links to Integrations when the model has no key', async () => {
    callable.answer = () =>
      Promise.reject(
        Object.assign(
          new FirebaseError(
            'functions/failed-precondition',
            'Add your OpenAI API key in Integrations to use this model.',
          ),
          { details: { reason: 'missing-key', provider: 'openai' } },
        ),
      );
    await ask('anything');
    const alert = within(box()).getByRole('alert');
    expect(within(alert).getByRole('link', { name: 'Integrations' }).getAttribute('href')).toBe(
      '/integrations',
    );
  });
});
