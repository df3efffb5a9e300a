import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/charts/styles.css';
import './i18n';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { sessionStore } from './app/session/session.store';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element to render into');

// The stored session is encrypted; it is opened before the first screen decides where a visitor belongs.
await sessionStore.restore();

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
