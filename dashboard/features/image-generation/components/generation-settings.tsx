import { Tab, TabGroup, TabList, TabPanel, TabPanels } from '@headlessui/react';
import { ImageIcon, Sparkles, Type } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { IMAGE, STYLE_OPTIONS } from '@core/constants';
import { EnhancePromptButton } from '@/components/enhance-prompt-button';
import { GenerateButton, PromptField } from '@/components/generation/form-parts';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@core/ui/card';
import { Label, Textarea } from '@core/ui/input';
import { cn } from '@core/ui/cn';
import { toast } from '@/lib/toast';
import {
  pendingSizeNote,
  providerSizeNote,
  snapImageSize,
  STYLE_LABELS,
  type FormCheck,
  type ImageFormValues,
  type ImageMode,
  type ImageStyle,
} from '../utils/form';
import { ImagePicker } from './image-picker';
import { SizeField } from './size-field';
import { StepsSlider } from './steps-slider';

const MODES: { mode: ImageMode; label: string; icon: typeof Type }[] = [
  { mode: 'text', label: 'Text to Image', icon: Type },
  { mode: 'image', label: 'Image to Image', icon: ImageIcon },
];

const selectClasses =
  'flex h-10 w-full appearance-none rounded-md border border-input bg-background bg-[length:1rem] bg-[right_0.75rem_center] bg-no-repeat px-3 py-2 pr-9 text-sm ring-offset-background focus-visible:ring-2 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50';
// A chevron drawn in currentColor-independent grey so it reads in light and dark.
const chevron = `url("data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 24 24' fill='none' stroke='%23888' stroke-width='2'%3E%3Cpath d='m6 9 6 6 6-6'/%3E%3C/svg%3E")`;

export function GenerationSettings({
  form,
  onChange,
  busy,
  onGenerate,
}: {
  form: ImageFormValues;
  onChange: (patch: Partial<ImageFormValues>) => void;
  busy: boolean;
  onGenerate: (values: ImageFormValues) => Promise<FormCheck>;
}) {
  const styleId = useId();
  const negativeId = useId();
  const [fieldError, setFieldError] = useState<{
    field: 'prompt' | 'inputImage' | 'form';
    message: string;
  } | null>(null);
  const [notes, setNotes] = useState<{ width: string | null; height: string | null }>({
    width: null,
    height: null,
  });
  const modeIndex = MODES.findIndex((m) => m.mode === form.mode);

  const commitSize = (key: 'width' | 'height') => {
    const snapped = snapImageSize(
      form[key],
      key === 'width' ? 'Width' : 'Height',
      key === 'width' ? IMAGE.defaultWidth : IMAGE.defaultHeight,
    );
    setNotes((n) => ({ ...n, [key]: snapped.note }));
    if (String(snapped.value) !== form[key]) onChange({ [key]: String(snapped.value) });
  };

  const setPrompt = (prompt: string) => {
    if (fieldError) setFieldError(null);
    onChange({ prompt });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const check = await onGenerate(form);
    if (!check.ok) {
      setFieldError({ field: check.field, message: check.message });
      toast({ title: 'Error', description: check.message, variant: 'destructive' });
      return;
    }
    setFieldError(null);
    // A note from leaving the field stays until the field is edited again.
    setNotes((n) => ({
      width: check.sizes.width.note ?? n.width,
      height: check.sizes.height.note ?? n.height,
    }));
    onChange({ width: String(check.sizes.width.value), height: String(check.sizes.height.value) });
  };

  // Validation errors that concern the prompt show under whichever prompt box is visible.
  const promptError = fieldError && fieldError.field !== 'form' ? fieldError.message : null;

  return (
    <Card className="h-fit">
      <CardHeader className="p-4 sm:p-6">
        <CardTitle>Generation Settings</CardTitle>
        <CardDescription>Describe an image, or start from one of yours.</CardDescription>
      </CardHeader>
      <CardContent className="p-4 pt-0 sm:p-6 sm:pt-0">
        <form onSubmit={submit} noValidate className="grid gap-6" aria-busy={busy || undefined}>
          <TabGroup
            selectedIndex={modeIndex < 0 ? 0 : modeIndex}
            onChange={(i) => {
              setFieldError(null);
              onChange({ mode: MODES[i]?.mode ?? 'text' });
            }}
          >
            <TabList className="grid grid-cols-2 gap-1 rounded-lg bg-muted p-1">
              {MODES.map(({ mode, label, icon: Icon }) => (
                <Tab
                  key={mode}
                  className={cn(
                    'flex min-w-0 items-center justify-center gap-2 rounded-md px-2 py-1.5 text-sm font-medium text-muted-foreground transition-colors',
                    'hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none',
                    'data-selected:bg-background data-selected:text-foreground data-selected:shadow-sm',
                  )}
                >
                  <Icon className="hidden size-4 shrink-0 min-[400px]:block" aria-hidden="true" />
                  <span className="truncate">{label}</span>
                </Tab>
              ))}
            </TabList>
            {/* Each panel opens with a field, so Tab goes from the tab straight to it, not to the panel. */}
            <TabPanels className="mt-4">
              <TabPanel tabIndex={-1} className="grid gap-3 focus-visible:outline-none">
                <PromptField
                  label="Prompt"
                  placeholder="A lighthouse on a cliff at dusk, waves crashing, warm light in the windows"
                  value={form.prompt}
                  onChange={setPrompt}
                  error={promptError}
                  disabled={busy}
                  extra={
                    <EnhancePromptButton
                      kind="image"
                      prompt={form.prompt}
                      onEnhanced={setPrompt}
                      disabled={busy}
                    />
                  }
                />
              </TabPanel>
              <TabPanel tabIndex={-1} className="grid gap-4 focus-visible:outline-none">
                <div className="grid gap-4">
                  <ImagePicker
                    label="Input Image"
                    file={form.inputImage}
                    disabled={busy}
                    onChange={(inputImage) => {
                      setFieldError(null);
                      onChange({ inputImage });
                    }}
                  />
                  <ImagePicker
                    label="Control Image (Optional)"
                    file={form.controlImage}
                    disabled={busy}
                    onChange={(controlImage) => onChange({ controlImage })}
                  />
                </div>
                <PromptField
                  label="Prompt"
                  placeholder="Describe the change: 'make it a snowy winter night', 'turn the car red'"
                  value={form.prompt}
                  onChange={setPrompt}
                  error={promptError}
                  disabled={busy}
                />
                <p className="text-xs text-muted-foreground">
                  With an input image the prompt describes the edit. A control image guides the
                  composition (edges) of a new image.
                </p>
              </TabPanel>
            </TabPanels>
          </TabGroup>

          <div className="grid gap-2">
            <Label htmlFor={negativeId}>Negative Prompt</Label>
            <Textarea
              id={negativeId}
              rows={2}
              value={form.negativePrompt}
              disabled={busy}
              maxLength={2000}
              placeholder="What to leave out: blur, text, watermark"
              onChange={(e) => onChange({ negativePrompt: e.target.value })}
              className="resize-y"
            />
          </div>

          <div className="grid gap-2">
            <Label htmlFor={styleId}>Style</Label>
            <select
              id={styleId}
              value={form.style}
              disabled={busy}
              onChange={(e) => onChange({ style: e.target.value as ImageStyle })}
              className={selectClasses}
              style={{ backgroundImage: chevron }}
            >
              {STYLE_OPTIONS.image.map((style) => (
                <option key={style} value={style}>
                  {STYLE_LABELS[style]}
                </option>
              ))}
            </select>
          </div>

          <div className="grid grid-cols-2 gap-4">
            <SizeField
              label="Width"
              value={form.width}
              note={notes.width}
              disabled={busy}
              onChange={(width) => {
                setNotes((n) => ({
                  ...n,
                  width: pendingSizeNote(width, 'Width', IMAGE.defaultWidth),
                }));
                onChange({ width });
              }}
              onCommit={() => commitSize('width')}
            />
            <SizeField
              label="Height"
              value={form.height}
              note={notes.height}
              disabled={busy}
              onChange={(height) => {
                setNotes((n) => ({
                  ...n,
                  height: pendingSizeNote(height, 'Height', IMAGE.defaultHeight),
                }));
                onChange({ height });
              }}
              onCommit={() => commitSize('height')}
            />
            <p
              aria-live="polite"
              className="col-span-2 text-xs font-medium text-amber-700 empty:hidden dark:text-amber-400"
            >
              {providerSizeNote(form)}
            </p>
          </div>

          <StepsSlider
            value={form.steps}
            disabled={busy}
            onChange={(steps) => onChange({ steps })}
          />

          <GenerateButton busy={busy} icon={Sparkles} label="Generate Image" />
        </form>
      </CardContent>
    </Card>
  );
}
