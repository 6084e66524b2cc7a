import { useAtomValue, useSetAtom } from 'jotai';
import {
  ASPECT_RATIOS,
  VIDEO_FORMATS,
  VIDEO_FPS_CHOICES,
  VIDEO_QUALITIES,
  VIDEO_SIZES,
} from '@core/constants';
import type { AspectRatioId, VideoFormat, VideoQuality, VideoSizeId } from '@core/editor/model';
import { Input, Label } from '@core/ui/input';
import {
  setAspectRatioAtom,
  setFormatAtom,
  setFpsAtom,
  setQualityAtom,
  settingsAtom,
  setVideoSizeAtom,
  totalDurationAtom,
  videoSizeAtom,
} from '../atoms';
import { madeForAtom, madeForShown } from '../made-for';
import { formatTimecode } from '../model/tracks';

const select =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';
const QUALITY_LABELS: Record<VideoQuality, string> = { high: 'High', medium: 'Medium', low: 'Low' };

export function ProjectSettingsPanel() {
  const settings = useAtomValue(settingsAtom);
  const total = useAtomValue(totalDurationAtom);
  const setAspect = useSetAtom(setAspectRatioAtom);
  const setFormat = useSetAtom(setFormatAtom);
  const setQuality = useSetAtom(setQualityAtom);
  const size = useAtomValue(videoSizeAtom);
  const setSize = useSetAtom(setVideoSizeAtom);
  const setFps = useSetAtom(setFpsAtom);
  const madeFor = madeForShown(useAtomValue(madeForAtom), settings);
  return (
    <section
      aria-labelledby="project-settings-heading"
      className="space-y-4 rounded-xl border bg-card p-4 shadow-sm"
    >
      <h2 id="project-settings-heading" className="font-semibold">
        Project Settings
      </h2>
      {/* Opened from a composer's preset link: which channel, until a setting is changed. */}
      {madeFor ? <p className="-mt-2 text-sm text-muted-foreground">Preset: {madeFor}</p> : null}
      <div className="space-y-2">
        <Label htmlFor="editor-aspect">Aspect Ratio</Label>
        {/* The option stays short so the closed select shows it whole in the narrow settings column; the usage goes below. */}
        <select
          id="editor-aspect"
          className={select}
          value={settings.aspectRatio}
          onChange={(e) => setAspect(e.target.value as AspectRatioId)}
          aria-describedby="editor-aspect-usage"
        >
          {ASPECT_RATIOS.map((a) => (
            <option key={a.id} value={a.id}>
              {a.id} {a.label}
            </option>
          ))}
        </select>
        <p id="editor-aspect-usage" className="text-xs text-muted-foreground">
          For {ASPECT_RATIOS.find((a) => a.id === settings.aspectRatio)?.usage}
        </p>
      </div>
      <div className="space-y-2">
        <Label htmlFor="editor-size">Export Size</Label>
        <select
          id="editor-size"
          className={select}
          value={size}
          onChange={(e) => setSize(e.target.value as VideoSizeId)}
          aria-describedby={size === '2160p' ? 'editor-size-note' : undefined}
        >
          {VIDEO_SIZES.map((s) => (
            <option key={s.id} value={s.id}>
              {s.label}
            </option>
          ))}
        </select>
        {size === '2160p' && (
          <p id="editor-size-note" className="text-xs text-muted-foreground">
            4K exports take longer.
          </p>
        )}
      </div>
      <fieldset className="space-y-2">
        <legend className="text-sm font-medium">Resolution</legend>
        <div className="grid grid-cols-2 gap-2">
          <div className="space-y-1">
            <Label htmlFor="editor-width" className="text-xs text-muted-foreground">
              Width
            </Label>
            <Input id="editor-width" value={settings.resolution.width} readOnly />
          </div>
          <div className="space-y-1">
            <Label htmlFor="editor-height" className="text-xs text-muted-foreground">
              Height
            </Label>
            <Input id="editor-height" value={settings.resolution.height} readOnly />
          </div>
        </div>
      </fieldset>
      <div className="space-y-2">
        <Label htmlFor="editor-format">Format</Label>
        <select
          id="editor-format"
          className={select}
          value={settings.format}
          onChange={(e) => setFormat(e.target.value as VideoFormat)}
        >
          {VIDEO_FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-2">
        <Label htmlFor="editor-quality">Quality</Label>
        <select
          id="editor-quality"
          className={select}
          value={settings.quality}
          onChange={(e) => setQuality(e.target.value as VideoQuality)}
        >
          {VIDEO_QUALITIES.map((q) => (
            <option key={q} value={q}>
              {QUALITY_LABELS[q]}
            </option>
          ))}
        </select>
      </div>
      <div className="grid grid-cols-2 gap-2">
        <div className="space-y-1">
          <Label htmlFor="editor-fps">Frame Rate</Label>
          <select
            id="editor-fps"
            className={select}
            value={settings.fps}
            onChange={(e) => setFps(Number(e.target.value))}
          >
            {/* A project saved at a rate the list does not offer keeps it until another is chosen. */}
            {(VIDEO_FPS_CHOICES as readonly number[]).includes(settings.fps) ? null : (
              <option value={settings.fps}>{settings.fps} fps</option>
            )}
            {VIDEO_FPS_CHOICES.map((f) => (
              <option key={f} value={f}>
                {f} fps
              </option>
            ))}
          </select>
        </div>
        <div className="space-y-1">
          <Label htmlFor="editor-duration">Duration</Label>
          <Input
            id="editor-duration"
            value={formatTimecode(Math.round(total * settings.fps), settings.fps)}
            readOnly
          />
        </div>
      </div>
    </section>
  );
}
