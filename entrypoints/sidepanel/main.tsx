import { followSystemTheme } from '@core/ui/system-theme';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './components/app';
import { ConfigError } from './components/config-error';
import { createSidePanelStart, panelFirebaseConfig } from './firebase';
import './style.css';

// The panel has no theme setting: light and dark follow the browser.
followSystemTheme(document.documentElement, window);

const root = createRoot(document.getElementById('root')!);
try {
  const start = createSidePanelStart(panelFirebaseConfig());
  root.render(
    <StrictMode>
      <App start={start} />
    </StrictMode>,
  );
} catch (error) {
  console.error(error);
  root.render(<ConfigError />);
}
