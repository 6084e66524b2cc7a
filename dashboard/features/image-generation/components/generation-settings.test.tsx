// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  checkImageForm,
  defaultImageForm,
  type FormCheck,
  type ImageFormValues,
} from '../utils/form';

const toast = vi.fn();
vi.mock('@/lib/toast', () => ({ toast: (input: unknown) => toast(input) }));
// The shared enhancer talks to Firebase; here it only has to be wired with the prompt and kind 'image'.
vi.mock('@/components/enhance-prompt-button', () => ({
  EnhancePromptButton: ({
    kind,
    prompt,
    onEnhanced,
  }: {
    kind: string;
    prompt: string;
    onEnhanced: (p: string) => void;
  }) => (
    <button type="button" data-kind={kind} onClick={() => onEnhanced(`${prompt}, enhanced`)}>
      Enhance Prompt with AI
    </button>
  ),
}));

const { GenerationSettings } = await import('./generation-settings');

function Harness({
  onGenerate,
  busy = false,
}: {
  onGenerate: (v: ImageFormValues) => Promise<FormCheck>;
  busy?: boolean;
}) {
  const [form, setForm] = useState(defaultImageForm);
  return (
    <GenerationSettings
      form={form}
      onChange={(p) => setForm((f) => ({ ...f, ...p }))}
      busy={busy}
      onGenerate={onGenerate}
    />
  );
}

afterEach(() => {
  cleanup();
  toast.mockReset();
});

describe('GenerationSettings', () => {
  it('shows the product defaults', () => {
    render(<Harness onGenerate={async (v) => checkImageForm(v)} />);
    expect(screen.getByRole('tab', { name: 'Text to Image' })).toHaveProperty(
      'ariaSelected',
      'true',
    );
    expect(screen.getByLabelText('Width')).toHaveProperty('value', '1024');
    expect(screen.getByLabelText('Height')).toHaveProperty('value', '768');
    expect(screen.getByLabelText('Steps')).toHaveProperty('value', '40');
    expect(screen.getByLabelText('Style')).toHaveProperty('value', 'photorealistic');
    expect(screen.getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Photorealistic',
      'Anime',
      'Digital Art',
      'Oil Painting',
      'Watercolor',
      '3D Render',
    ]);
  });

  it('refuses to generate with neither a prompt nor an input image', async () => {
    const onGenerate = vi.fn(async (v: ImageFormValues) => checkImageForm(v));
    render(<Harness onGenerate={onGenerate} />);
    await userEvent.click(screen.getByRole('button', { name: 'Generate Image' }));
    expect(await screen.findByRole('alert')).toHaveProperty(
      'textContent',
      'Please provide either a prompt or an input image',
    );
    expect(toast).toHaveBeenCalledWith(
      expect.objectContaining({
        title: 'Error',
        description: 'Please provide either a prompt or an input image',
        variant: 'destructive',
      }),
    );
  });

  it('says what an out-of-range width will be generated at while it is typed, before anything is sent', async () => {
    const onGenerate = vi.fn(async (v: ImageFormValues) => checkImageForm(v));
    render(<Harness onGenerate={onGenerate} />);
    const width = screen.getByLabelText('Width');
    await userEvent.clear(width);
    await userEvent.type(width, '300');
    expect(
      screen.getByText('Width 300 is below the 512 minimum: it will be generated at 512.'),
    ).toBeTruthy();
    expect(onGenerate).not.toHaveBeenCalled();
  });

  it('snaps a width to the 64 step when the field is left, and says so', async () => {
    render(<Harness onGenerate={async (v) => checkImageForm(v)} />);
    const width = screen.getByLabelText('Width');
    await userEvent.clear(width);
    await userEvent.type(width, '1000');
    await userEvent.tab();
    expect(width).toHaveProperty('value', '1024');
    expect(screen.getByText('Width goes in steps of 64, so it was rounded to 1024.')).toBeTruthy();
  });

  it('sends the snapped sizes and shows them in the fields', async () => {
    const onGenerate = vi.fn(async (v: ImageFormValues) => checkImageForm(v));
    render(<Harness onGenerate={onGenerate} />);
    await userEvent.type(screen.getByLabelText('Prompt'), 'a fox');
    const height = screen.getByLabelText('Height');
    await userEvent.clear(height);
    await userEvent.type(height, '9999{Enter}');
    await waitFor(() => expect(onGenerate).toHaveBeenCalled());
    const sent = await onGenerate.mock.results[0]!.value;
    expect(sent.ok && sent.input.height).toBe(2048);
    await waitFor(() => expect(height).toHaveProperty('value', '2048'));
  });

  it('says, before the request, the size Black Forest Labs will make of a 2048x1024 image', async () => {
    const onGenerate = vi.fn(async (v: ImageFormValues) => checkImageForm(v));
    render(<Harness onGenerate={onGenerate} />);
    const note =
      'Black Forest Labs makes images of at most 1440 px a side: 2048 × 1024 will be generated at 1440 × 704, the same shape.';
    expect(screen.queryByText(note)).toBeNull();
    await userEvent.clear(screen.getByLabelText('Width'));
    await userEvent.type(screen.getByLabelText('Width'), '2048');
    await userEvent.clear(screen.getByLabelText('Height'));
    await userEvent.type(screen.getByLabelText('Height'), '1024');
    expect(screen.getByText(note)).toBeTruthy();
    expect(onGenerate).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('tab', { name: 'Image to Image' }));
    expect(screen.queryByText(note)).toBeNull();
  });

  it('offers two image pickers on the Image to Image tab and refuses files that are not images', async () => {
    render(<Harness onGenerate={async (v) => checkImageForm(v)} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Image to Image' }));
    const input = screen.getByLabelText('Input Image', { selector: 'input' });
    expect(screen.getByLabelText('Control Image (Optional)', { selector: 'input' })).toBeTruthy();
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,image/gif');
    await userEvent.upload(
      input,
      new File(['<svg xmlns="http://www.w3.org/2000/svg"/>'], 'logo.svg', {
        type: 'image/svg+xml',
      }),
      { applyAccept: false },
    );
    expect(
      await screen.findByText('Please choose an image file (PNG, JPEG, WebP or GIF).'),
    ).toBeTruthy();
  });

  it('refuses a text file as the control image', async () => {
    render(<Harness onGenerate={async (v) => checkImageForm(v)} />);
    await userEvent.click(screen.getByRole('tab', { name: 'Image to Image' }));
    const control = screen.getByLabelText('Control Image (Optional)', { selector: 'input' });
    await userEvent.upload(control, new File(['hello'], 'notes.txt', { type: 'text/plain' }), {
      applyAccept: false,
    });
    expect(
      await screen.findByText('Please choose an image file (PNG, JPEG, WebP or GIF).'),
    ).toBeTruthy();
  });

  it('wires the Enhance Prompt with AI button to the prompt, for images', async () => {
    render(<Harness onGenerate={async (v) => checkImageForm(v)} />);
    await userEvent.type(screen.getByLabelText('Prompt'), 'a fox');
    const enhance = screen.getByRole('button', { name: 'Enhance Prompt with AI' });
    expect(enhance.dataset.kind).toBe('image');
    await userEvent.click(enhance);
    expect(screen.getByLabelText('Prompt')).toHaveProperty('value', 'a fox, enhanced');
  });

  it('reads Generating... and locks the form while a job runs', () => {
    render(<Harness onGenerate={async (v) => checkImageForm(v)} busy />);
    expect(screen.getByRole('button', { name: 'Generating...' })).toHaveProperty('disabled', true);
    expect(screen.getByLabelText('Prompt')).toHaveProperty('disabled', true);
  });
});
