// @vitest-environment jsdom
import { FirebaseError } from 'firebase/app';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Job } from '@core/data/job';
import type { TimelineItem } from '@core/editor/model';
import {
  captionStyleAtom,
  createEditorStore,
  itemsAtom,
  selectClipAtom,
  settingsAtom,
  undoAtom,
} from '../atoms';
import { TimelineAudioError } from '../render/timeline-audio';
import type * as Download from '@/lib/download';
import { CaptionTools } from './caption-tools';
import { ClipInspector } from './clip-inspector';

// Transcribe, the caption words in the inspector, and Download SRT / VTT, on the editor's own store. The job
// calls and the live job document are stubbed: the functions tests run the job itself.

const started = vi.fn<(kind: string, input: unknown) => Promise<{ jobId: string }>>();
const live: { job: Job | null } = { job: null };
const saved: { blob: Blob; name: string }[] = [];
vi.mock('@/lib/jobs/job-calls', () => ({
  startGenerationJob: (kind: string, input: unknown) => started(kind, input),
}));
vi.mock('@/lib/jobs/job-reads', () => ({
  useJob: (id: string | null) => ({
    status: 'success',
    data: id && live.job?.id === id ? live.job : null,
  }),
}));
const mixed =
  vi.fn<(items: readonly TimelineItem[]) => Promise<{ blob: Blob; duration: number }>>();
const uploaded =
  vi.fn<
    (
      uid: string,
      folder: string,
      blob: Blob,
      opts: { title: string },
    ) => Promise<{ storagePath: string }>
  >();
vi.mock('@/lib/auth', () => ({ useAuth: () => ({ user: { uid: 'u1' } }) }));
vi.mock('@/lib/library-upload', () => ({
  uploadToLibrary: (uid: string, folder: string, blob: Blob, opts: { title: string }) =>
    uploaded(uid, folder, blob, opts),
}));
// The mix itself needs Web Audio (tests/media runs it in Chromium); here it stands for what the timeline sounds like.
vi.mock('../render/timeline-audio', async (original) => ({
  ...(await original<object>()),
  timelineAudioWav: (items: readonly TimelineItem[]) => mixed(items),
}));
vi.mock('@/lib/download', async (original) => ({
  ...(await original<typeof Download>()),
  saveBlob: (blob: Blob, name: string) => saved.push({ blob, name }),
}));
// The user's saved keys (users/{uid}/integrations), as the live read gives them.
const keys: { data: Record<string, { hint: string; updatedAt: Date }> } = { data: {} };
vi.mock('@/lib/integration-statuses', () => ({
  useKeyStatuses: () => ({ state: { status: 'success', data: keys.data }, retry: () => undefined }),
}));
const savedKey = { hint: 'abcd', updatedAt: new Date(0) };

const settings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
} as const;
const voice: TimelineItem = {
  id: 'voice',
  type: 'audio',
  track: 'audio-1',
  settings: {
    url: 'https://x.test/v.mp3',
    storagePath: 'u1/generations/voice.mp3',
    name: 'Voiceover',
    volume: 1,
  },
  start_time: 2,
  duration: 4,
};
const cue = (
  id: string,
  start_time: number,
  words: { text: string; start: number; end: number }[],
): TimelineItem => ({
  id,
  type: 'title',
  track: 'caption',
  start_time,
  duration: 1,
  settings: { text: words.map((w) => w.text).join(' '), fontSize: 56, color: '#ffffff', words },
});

/** jsdom's Blob has no text(): read it as the browser would. */
const readBlob = (blob: Blob) =>
  new Promise<string>((resolve) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.readAsText(blob);
  });

const job = (over: Partial<Job>): Job => ({
  id: 'job-1',
  kind: 'transcription',
  status: 'running',
  progress: 50,
  statusText: 'Transcribing',
  error: null,
  generationId: null,
  input: {},
  createdAt: null,
  ...over,
});

function setup(items: TimelineItem[], select?: string) {
  const store = createEditorStore({ items, settings, title: 'My talk' });
  if (select) store.set(selectClipAtom, select);
  const ui = () => (
    <MemoryRouter>
      <Provider store={store}>
        <ClipInspector />
        <CaptionTools />
      </Provider>
    </MemoryRouter>
  );
  const view = render(ui());
  return { store, rerender: () => view.rerender(ui()) };
}

beforeEach(() => {
  started.mockReset();
  mixed.mockReset();
  uploaded.mockReset();
  live.job = null;
  saved.length = 0;
  keys.data = { elevenlabs: savedKey };
});
afterEach(cleanup);

describe('Transcribe', () => {
  it('starts a transcription of the selected clip, shows its progress, then puts its words on the caption track', async () => {
    started.mockResolvedValue({ jobId: 'job-1' });
    const { store, rerender } = setup([voice], 'voice');
    live.job = job({});
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transcribe' })));
    expect(started).toHaveBeenCalledWith('transcription', {
      storagePath: 'u1/generations/voice.mp3',
      provider: 'elevenlabs',
    });
    expect(
      screen
        .getByRole('progressbar', { name: 'Transcription progress' })
        .getAttribute('aria-valuenow'),
    ).toBe('50');
    expect(screen.getByRole('status').textContent).toContain('Transcribing Voiceover... 50%');
    expect((screen.getByRole('button', { name: 'Transcribe' }) as HTMLButtonElement).disabled).toBe(
      true,
    );

    // The clip plays its file from 0 at 2 s on the timeline: a word at 0.5 s in the file is at 2.5 s.
    live.job = job({
      status: 'succeeded',
      progress: 100,
      result: {
        words: [
          { text: 'Hello', start: 0.5, end: 0.9 },
          { text: 'there.', start: 1, end: 1.4 },
          { text: 'Bye', start: 3, end: 3.4 },
        ],
      },
    });
    rerender();
    const captions = store.get(itemsAtom).filter((i) => i.track === 'caption');
    expect(captions.map((c) => [c.start_time, c.type === 'title' && c.settings.text])).toEqual([
      [2.5, 'Hello there.'],
      [5, 'Bye'],
    ]);
    expect(screen.getByRole('status').textContent).toContain(
      'Transcribed Voiceover: 2 captions on the caption track.',
    );
    // One undo step takes them all away.
    act(() => store.set(undoAtom));
    expect(store.get(itemsAtom).filter((i) => i.track === 'caption')).toEqual([]);
  });

  it('says why a start was refused, with the way to Integrations for a missing key, and adds nothing', async () => {
    started.mockRejectedValue(
      Object.assign(
        new FirebaseError(
          'functions/failed-precondition',
          'ElevenLabs API key not found. Please add your API key in the Integrations page.',
        ),
        {
          details: { reason: 'missing-key', provider: 'elevenlabs' },
        },
      ),
    );
    const { store } = setup([voice], 'voice');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transcribe' })));
    expect(screen.getByRole('alert').textContent).toContain('ElevenLabs API key not found.');
    expect(screen.getByRole('link', { name: 'Open Integrations' }).getAttribute('href')).toBe(
      '/integrations',
    );
    expect(store.get(itemsAtom)).toHaveLength(1);
  });

  it('shows a failed job with its message', async () => {
    started.mockResolvedValue({ jobId: 'job-1' });
    const { rerender } = setup([voice], 'voice');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transcribe' })));
    live.job = job({
      status: 'failed',
      error: {
        code: 'invalid_key',
        message: 'Failed to transcribe: ElevenLabs did not accept your API key.',
      },
    });
    rerender();
    expect(screen.getByRole('status').textContent).toContain(
      'Failed to transcribe: ElevenLabs did not accept your API key.',
    );
  });

  it('is offered only for a selected clip with sound from the library', () => {
    setup([cue('c1', 0, [{ text: 'Hi', start: 0, end: 0.5 }])], 'c1');
    expect((screen.getByRole('button', { name: 'Transcribe' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    cleanup();
    setup([{ ...voice, settings: { url: 'https://x.test/v.mp3', volume: 1 } }], 'voice');
    expect((screen.getByRole('button', { name: 'Transcribe' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
  });
});

describe('Transcribe timeline', () => {
  it("mixes the timeline's sound, uploads it, transcribes it and lays the words at timeline times over the old captions", async () => {
    const wav = new Blob(['RIFF'], { type: 'audio/wav' });
    mixed.mockResolvedValue({ blob: wav, duration: 6 });
    uploaded.mockResolvedValue({ storagePath: 'u1/uploads/mix.wav' });
    started.mockResolvedValue({ jobId: 'job-1' });
    // An old cue inside the timeline's span is replaced.
    const { store, rerender } = setup([
      voice,
      cue('old', 1, [{ text: 'Old', start: 0, end: 0.5 }]),
    ]);
    live.job = job({});
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Transcribe timeline' })),
    );
    expect(mixed).toHaveBeenCalledWith(store.get(itemsAtom));
    expect(uploaded).toHaveBeenCalledWith(
      'u1',
      'uploads',
      wav,
      expect.objectContaining({ title: 'My talk (timeline sound)' }),
    );
    expect(started).toHaveBeenCalledWith('transcription', {
      storagePath: 'u1/uploads/mix.wav',
      provider: 'elevenlabs',
    });
    expect(screen.getByRole('status').textContent).toContain('Transcribing the timeline... 50%');

    // The mix starts at 0: a word at 2.5 s of the file is at 2.5 s of the timeline; past its end (6 s) none.
    live.job = job({
      status: 'succeeded',
      progress: 100,
      result: {
        words: [
          { text: 'Hello', start: 2.5, end: 2.9 },
          { text: 'there.', start: 3, end: 3.4 },
          { text: 'Gone', start: 6.5, end: 6.9 },
        ],
      },
    });
    rerender();
    const captions = store.get(itemsAtom).filter((i) => i.track === 'caption');
    expect(captions.map((c) => [c.start_time, c.type === 'title' && c.settings.text])).toEqual([
      [2.5, 'Hello there.'],
    ]);
    expect(screen.getByRole('status').textContent).toContain(
      'Transcribed the timeline: 1 caption on the caption track.',
    );
    act(() => store.set(undoAtom));
    expect(
      store
        .get(itemsAtom)
        .filter((i) => i.track === 'caption')
        .map((c) => c.id),
    ).toEqual(['old']);
  });

  it('says why when the timeline cannot be mixed, and starts nothing', async () => {
    mixed.mockRejectedValue(
      new TimelineAudioError('Nothing on the timeline makes a sound to transcribe.'),
    );
    setup([voice]);
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Transcribe timeline' })),
    );
    expect(screen.getByRole('alert').textContent).toContain(
      'Nothing on the timeline makes a sound to transcribe.',
    );
    expect(uploaded).not.toHaveBeenCalled();
    expect(started).not.toHaveBeenCalled();
  });

  it('is offered only when something on the timeline makes a sound', () => {
    setup([cue('c1', 0, [{ text: 'Hi', start: 0, end: 0.5 }])]);
    expect(
      (screen.getByRole('button', { name: 'Transcribe timeline' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});

describe('Transcription provider', () => {
  const choice = () =>
    screen.queryByRole('combobox', { name: 'Transcribe with' }) as HTMLSelectElement | null;

  it('with only an OpenAI key saved, transcribes through OpenAI without asking', async () => {
    keys.data = { openai: savedKey };
    started.mockResolvedValue({ jobId: 'job-1' });
    setup([voice], 'voice');
    expect(choice()).toBeNull();
    expect(
      screen.getByText(
        'Transcribe the selected clip, or the whole timeline, to add its words as captions, with your OpenAI key.',
      ),
    ).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Transcribe' }).getAttribute('title')).toBe(
      'Transcribe its speech into captions with your OpenAI key',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transcribe' })));
    expect(started).toHaveBeenCalledWith('transcription', {
      storagePath: 'u1/generations/voice.mp3',
      provider: 'openai',
    });
  });

  it('with both keys saved, offers the choice with ElevenLabs first, and sends the one picked', async () => {
    keys.data = { openai: savedKey, elevenlabs: savedKey };
    started.mockResolvedValue({ jobId: 'job-1' });
    setup([voice], 'voice');
    expect(choice()!.value).toBe('elevenlabs');
    expect([...choice()!.options].map((o) => o.textContent)).toEqual([
      'ElevenLabs (Scribe)',
      'OpenAI (Whisper, 25 MB at most)',
    ]);
    fireEvent.change(choice()!, { target: { value: 'openai' } });
    expect(screen.getByRole('button', { name: 'Transcribe timeline' }).getAttribute('title')).toBe(
      'Transcribe what the whole timeline sounds like into captions with your OpenAI key',
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transcribe' })));
    expect(started).toHaveBeenCalledWith('transcription', {
      storagePath: 'u1/generations/voice.mp3',
      provider: 'openai',
    });
  });

  it('with no key saved, starts with ElevenLabs, whose missing key the job names', async () => {
    keys.data = {};
    started.mockResolvedValue({ jobId: 'job-1' });
    setup([voice], 'voice');
    expect(choice()).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transcribe' })));
    expect(started).toHaveBeenCalledWith('transcription', {
      storagePath: 'u1/generations/voice.mp3',
      provider: 'elevenlabs',
    });
  });

  it("says a timeline is too long for OpenAI's 25 MB before mixing it, and ElevenLabs takes it", async () => {
    keys.data = { openai: savedKey, elevenlabs: savedKey };
    // 15 minutes of sound: a 16 kHz mono WAV of 28.8 MB.
    const long = { ...voice, duration: 900 };
    mixed.mockRejectedValue(new TimelineAudioError('stop here'));
    setup([long]);
    fireEvent.change(choice()!, { target: { value: 'openai' } });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Transcribe timeline' })),
    );
    expect(screen.getByRole('alert').textContent?.trim()).toBe(
      'The timeline is too long for OpenAI to transcribe at once (13 minutes at most). Choose another provider, or transcribe clip by clip.',
    );
    expect(mixed).not.toHaveBeenCalled();

    fireEvent.change(choice()!, { target: { value: 'elevenlabs' } });
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Transcribe timeline' })),
    );
    expect(mixed).toHaveBeenCalledTimes(1);
  });
});

describe('Caption style', () => {
  it("a project saved without a style shows today's look, and each change is one undo step stored in the project", () => {
    const { store } = setup([voice]);
    expect(store.get(settingsAtom).captionStyle).toBeUndefined();
    const look = screen.getByRole('combobox', { name: 'Look' }) as HTMLSelectElement;
    expect([
      look.value,
      (screen.getByRole('combobox', { name: 'Position' }) as HTMLSelectElement).value,
      (screen.getByRole('combobox', { name: 'Size' }) as HTMLSelectElement).value,
    ]).toEqual(['box', 'bottom', 'medium']);
    fireEvent.change(look, { target: { value: 'karaoke' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Position' }), {
      target: { value: 'top' },
    });
    expect(store.get(settingsAtom).captionStyle).toEqual({
      preset: 'karaoke',
      position: 'top',
      size: 'medium',
    });
    act(() => store.set(undoAtom));
    expect(store.get(captionStyleAtom)).toEqual({
      preset: 'karaoke',
      position: 'bottom',
      size: 'medium',
    });
    expect((screen.getByRole('combobox', { name: 'Position' }) as HTMLSelectElement).value).toBe(
      'bottom',
    );
    act(() => store.set(undoAtom));
    expect(store.get(settingsAtom).captionStyle).toBeUndefined();
  });
});

describe('caption words in the inspector', () => {
  it('edits a word of the selected cue as one undo step, and the downloads follow', async () => {
    const { store } = setup(
      [
        cue('c1', 1, [
          { text: 'Helo', start: 0, end: 0.4 },
          { text: 'world', start: 0.5, end: 0.9 },
        ]),
      ],
      'c1',
    );
    expect(screen.queryByRole('textbox', { name: 'Title text' })).toBeNull();
    const word = screen.getByRole('textbox', { name: 'Word 1 at 0.00 s' });
    fireEvent.change(word, { target: { value: 'Hello' } });
    fireEvent.blur(word);
    const [edited] = store.get(itemsAtom);
    expect(edited?.type === 'title' && edited.settings).toMatchObject({
      text: 'Hello world',
      words: [{ text: 'Hello' }, { text: 'world' }],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Download SRT' }));
    expect(saved[0]!.name).toBe('My talk.srt');
    expect(await readBlob(saved[0]!.blob)).toBe('1\n00:00:01,000 --> 00:00:02,000\nHello world\n');

    act(() => store.set(undoAtom));
    const [undone] = store.get(itemsAtom);
    expect(undone?.type === 'title' && undone.settings.text).toBe('Helo world');
  });

  it('an emptied word is removed from the cue', () => {
    const { store } = setup(
      [
        cue('c1', 0, [
          { text: 'um', start: 0, end: 0.2 },
          { text: 'yes', start: 0.3, end: 0.6 },
        ]),
      ],
      'c1',
    );
    const word = screen.getByRole('textbox', { name: 'Word 1 at 0.00 s' });
    fireEvent.change(word, { target: { value: '' } });
    fireEvent.blur(word);
    const [edited] = store.get(itemsAtom);
    expect(edited?.type === 'title' && edited.settings.words).toEqual([
      { text: 'yes', start: 0.3, end: 0.6 },
    ]);
  });
});

describe('Download SRT / VTT', () => {
  it('saves the caption track as SRT and as WebVTT, named after the project', async () => {
    setup([
      cue('c2', 3725, [{ text: 'Later', start: 0, end: 0.5 }]),
      cue('c1', 1.5, [{ text: 'First', start: 0, end: 0.5 }]),
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Download SRT' }));
    fireEvent.click(screen.getByRole('button', { name: 'Download VTT' }));
    expect(saved.map((s) => [s.name, s.blob.type])).toEqual([
      ['My talk.srt', 'application/x-subrip'],
      ['My talk.vtt', 'text/vtt'],
    ]);
    expect(await readBlob(saved[0]!.blob)).toBe(
      '1\n00:00:01,500 --> 00:00:02,500\nFirst\n\n2\n01:02:05,000 --> 01:02:06,000\nLater\n',
    );
    expect(await readBlob(saved[1]!.blob)).toBe(
      'WEBVTT\n\n00:00:01.500 --> 00:00:02.500\nFirst\n\n01:02:05.000 --> 01:02:06.000\nLater\n',
    );
  });

  it('are disabled while there are no captions', () => {
    setup([voice]);
    expect(
      (screen.getByRole('button', { name: 'Download SRT' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(
      (screen.getByRole('button', { name: 'Download VTT' }) as HTMLButtonElement).disabled,
    ).toBe(true);
  });
});
