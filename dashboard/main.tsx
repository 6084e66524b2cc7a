// First: zod must be jitless before any module builds a schema (see lib/zod-jitless.ts).
import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from './app/provider';
import { AppRouter, createAppRouter } from './app/router';
import './styles/index.css';

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <AppRouter router={createAppRouter()} />
    </AppProvider>
  </StrictMode>,
);
