import { DialogTitle } from '@headlessui/react';
import { useEffect, useState } from 'react';
import { Button } from '@core/ui/button';
import { Modal } from '@/components/ui/modal';
import { chordOf, describeChord, type ActionInfo, type EditorAction } from '../model/keymap';

/** The `?` overlay: every binding, each one remappable (the next key pressed replaces its keys). */
export function ShortcutsDialog({
  open,
  keymap,
  onRebind,
  onReset,
  onClose,
}: {
  open: boolean;
  keymap: readonly ActionInfo[];
  onRebind: (action: EditorAction, chord: string) => void;
  onReset: () => void;
  onClose: () => void;
}) {
  const [listening, setListening] = useState<EditorAction | null>(null);
  useEffect(() => {
    if (!listening) return;
    const onKey = (e: KeyboardEvent) => {
      const chord = chordOf(e);
      if (!chord) return;
      e.preventDefault();
      e.stopPropagation();
      if (chord !== 'Escape') onRebind(listening, chord);
      setListening(null);
    };
    // Capture: the key must not reach the dialog's Escape or the editor's shortcuts.
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [listening, onRebind]);
  return (
    <Modal
      open={open}
      onClose={() => (listening ? undefined : onClose())}
      className="flex max-h-[85vh] max-w-lg flex-col p-4 sm:p-6"
    >
      <DialogTitle className="text-lg font-semibold">Keyboard shortcuts</DialogTitle>
      <p className="mt-1 text-sm text-muted-foreground">
        Keys do nothing while you type in a field. Choose Change, then press the new key.
      </p>
      <ul aria-label="Shortcuts" className="mt-3 min-h-0 flex-1 divide-y overflow-y-auto">
        {keymap.map((a) => (
          <li key={a.id} className="flex items-center justify-between gap-2 py-1.5 text-sm">
            <span className="min-w-0 flex-1">{a.label}</span>
            <span className="flex flex-wrap justify-end gap-1">
              {a.keys.length ? (
                a.keys.map((k) => (
                  <kbd key={k} className="rounded border bg-muted px-1.5 py-0.5 font-mono text-xs">
                    {describeChord(k)}
                  </kbd>
                ))
              ) : (
                <span className="text-xs text-muted-foreground">none</span>
              )}
            </span>
            <Button
              variant="outline"
              size="sm"
              className="h-7 w-20 shrink-0"
              onClick={() => setListening(a.id)}
              aria-label={`Change the key for ${a.label}`}
            >
              {listening === a.id ? 'Press…' : 'Change'}
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex justify-between gap-2">
        <Button variant="ghost" onClick={onReset}>
          Reset to defaults
        </Button>
        <Button onClick={onClose}>Close</Button>
      </div>
    </Modal>
  );
}
