import { panelIntentStorage, type PanelIntent } from '@core/extension-storage';
import { useCallback, useEffect, useState } from 'react';

/**
 * What the user last asked for from a context-menu entry (PanelIntent in core/extension-storage.ts),
 * live. The feature that acts on it calls consume() with its id, so it runs once; a newer intent is never
 * cleared by an older consume.
 */
export function usePanelIntent(): { intent: PanelIntent | null; consume(id: string): void } {
  const [intent, setIntent] = useState<PanelIntent | null>(null);
  useEffect(() => {
    let active = true;
    void panelIntentStorage.getValue().then((value) => {
      if (active) setIntent(value);
    });
    const unwatch = panelIntentStorage.watch((value) => setIntent(value));
    return () => {
      active = false;
      unwatch();
    };
  }, []);
  const consume = useCallback((id: string) => {
    void panelIntentStorage
      .getValue()
      .then((current) => (current?.id === id ? panelIntentStorage.removeValue() : undefined));
  }, []);
  return { intent, consume };
}
