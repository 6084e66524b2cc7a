import { sentSelectionStorage, type SentSelection } from '@core/extension-storage';
import { useCallback, useEffect, useState } from 'react';

/** The selection last sent with the context menu, live; dismiss() clears it. */
export function useSentSelection(): { selection: SentSelection | null; dismiss(): void } {
  const [selection, setSelection] = useState<SentSelection | null>(null);
  useEffect(() => {
    let active = true;
    void sentSelectionStorage.getValue().then((value) => {
      if (active) setSelection(value);
    });
    const unwatch = sentSelectionStorage.watch((value) => setSelection(value));
    return () => {
      active = false;
      unwatch();
    };
  }, []);
  const dismiss = useCallback(() => void sentSelectionStorage.removeValue(), []);
  return { selection, dismiss };
}
