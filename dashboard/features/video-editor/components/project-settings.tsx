import { useAtomValue, useSetAtom } from 'jotai';
import { ASPECT_RATIOS, VIDEO_FORMATS, VIDEO_QUALITIES } from '@core/constants';
import type { AspectRatioId, VideoFormat, VideoQuality } from '@core/editor/model';
import { Input, Label } from '@core/ui/input';
import { setAspectRatioAtom, setFormatAtom, setQualityAtom, settingsAtom, totalDurationAtom } from '../atoms';
import { formatTime } from '../model/timeline';

const select =
  'flex h-10 w-full rounded-md border border-input bg-background px-3 py-2 text-sm ring-offset-background focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2';
const QUALITY_LABELS: Record<VideoQuality, string> = { high: 'High', medium: 'Medium', low: 'Low' };

export function ProjectSettingsPanel() {
  const settings = useAtomValue(settingsAtom);
  const total = useAtomValue(totalDurationAtom);
  const setAspect = useSetAtom(setAspectRatioAtom);
  const setFormat = useSetAtom(setFormatAtom);
  const setQuality = useSetAtom(setQualityAtom);
  return (
    <section aria-labelledby="project-settings-heading" className="space-y-4 rounded-xl border bg-card p-4 shadow-sm">
      <h2 id="project-settings-heading" className="font-semibold">
        Project Settings
      </h2>
      <div className="space-y-2">
        <Label htmlFor="editor-aspect">Aspect Ratio</Label>
        {/* The option stays short so the closed select shows it whole in the narrow settings column; the usage goes below. */}
        <select id="editor-aspect" className={select} value={settings.aspectRatio} onChange={(e) => setAspect(e.target.value as AspectRatioId)} aria-describedby="editor-aspect-usage">
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
        <select id="editor-format" className={select} value={settings.format} onChange={(e) => setFormat(e.target.value as VideoFormat)}>
          {VIDEO_FORMATS.map((f) => (
            <option key={f.id} value={f.id}>
              {f.label}
            </option>
          ))}
        </select>
      </div>
      <div className="space-y-2">
        <Label htmlFor="editor-quality">Quality</Label>
        <select id="editor-quality" className={select} value={settings.quality} onChange={(e) => setQuality(e.target.value as VideoQuality)}>
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
          <Input id="editor-fps" value={`${settings.fps} fps`} readOnly />
        </div>
        <div className="space-y-1">
          <Label htmlFor="editor-duration">Duration</Label>
          <Input id="editor-duration" value={formatTime(total)} readOnly />
        </div>
      </div>
    </section>
  );
}
