// @vitest-environment jsdom
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Provider } from 'jotai';
import { afterEach, describe, expect, it } from 'vitest';
import type { TimelineItem } from '@core/editor/model';
import { createEditorStore, itemsAtom, settingsAtom, undoAtom } from '../atoms';
import { madeForAtom } from '../made-for';
import { ProjectSettingsPanel } from './project-settings';

// The project settings' export presets: Aspect Ratio (with 4:5), Size (720p..4K of the shorter side) and
// Frame Rate (24..60 fps) are selects that change the project.

const settings = {
  aspectRatio: '16:9',
  resolution: { width: 1920, height: 1080 },
  fps: 30,
  format: 'mp4',
  quality: 'high',
} as const;
const items: TimelineItem[] = [
  {
    id: 'a',
    type: 'image',
    settings: { url: 'https://x.test/a.png' },
    start_time: 0,
    duration: 1.5,
    track: 'main',
  },
];

function setup() {
  const store = createEditorStore({ items, settings });
  render(
    <Provider store={store}>
      <ProjectSettingsPanel />
    </Provider>,
  );
  return store;
}
const options = (label: string) =>
  Array.from((screen.getByLabelText(label) as HTMLSelectElement).options).map((o) => [
    o.value,
    o.textContent,
  ]);
const choose = (label: string, value: string) =>
  act(() => void fireEvent.change(screen.getByLabelText(label), { target: { value } }));

describe('project settings: export presets', { timeout: 20_000 }, () => {
  afterEach(cleanup);

  it('offers the aspect ratios with 4:5, the sizes and the frame rates, showing the project as it is', () => {
    setup();
    expect(options('Aspect Ratio').map(([v]) => v)).toEqual(['16:9', '1:1', '4:5', '9:16']);
    expect(options('Export Size')).toEqual([
      ['720p', '720p'],
      ['1080p', '1080p'],
      ['1440p', '1440p'],
      ['2160p', '4K (2160p)'],
    ]);
    expect(options('Frame Rate')).toEqual([
      ['24', '24 fps'],
      ['25', '25 fps'],
      ['30', '30 fps'],
      ['50', '50 fps'],
      ['60', '60 fps'],
    ]);
    expect((screen.getByLabelText('Export Size') as HTMLSelectElement).value).toBe('1080p');
    expect((screen.getByLabelText('Frame Rate') as HTMLSelectElement).value).toBe('30');
    expect(screen.queryByText('4K exports take longer.')).toBeNull();
  });

  it('4:5 at 4K and 60 fps: the resolution follows, the note shows, the clip is re-counted at 60 fps', () => {
    const store = setup();
    choose('Aspect Ratio', '4:5');
    expect(screen.getByText('For Instagram, Facebook and LinkedIn feeds')).toBeTruthy();
    choose('Export Size', '2160p');
    expect((screen.getByLabelText('Width') as HTMLInputElement).value).toBe('2160');
    expect((screen.getByLabelText('Height') as HTMLInputElement).value).toBe('2700');
    expect(screen.getByText('4K exports take longer.')).toBeTruthy();
    choose('Frame Rate', '60');
    expect(store.get(settingsAtom)).toMatchObject({
      aspectRatio: '4:5',
      resolution: { width: 2160, height: 2700 },
      fps: 60,
    });
    expect(store.get(itemsAtom)[0]!.duration * 60).toBeCloseTo(90, 9);
    act(() => store.set(undoAtom));
    expect((screen.getByLabelText('Frame Rate') as HTMLSelectElement).value).toBe('30');
    expect((screen.getByLabelText('Export Size') as HTMLSelectElement).value).toBe('2160p');
  });

  it('names the channel a preset link opened the project for, until a setting is changed', () => {
    const shorts = {
      aspectRatio: '9:16',
      resolution: { width: 1080, height: 1920 },
      fps: 30,
      format: 'mp4',
      quality: 'high',
    } as const;
    const store = createEditorStore({ items, settings: shorts });
    store.set(madeForAtom, { channel: 'YouTube Shorts', settings: shorts });
    render(
      <Provider store={store}>
        <ProjectSettingsPanel />
      </Provider>,
    );
    expect(screen.getByText('Preset: YouTube Shorts')).toBeTruthy();
    choose('Frame Rate', '60');
    expect(screen.queryByText(/Preset:/)).toBeNull();
    // Undone, the project is the preset again.
    act(() => store.set(undoAtom));
    expect(screen.getByText('Preset: YouTube Shorts')).toBeTruthy();
    choose('Aspect Ratio', '1:1');
    expect(screen.queryByText(/Preset:/)).toBeNull();
  });
});
