import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './i18n.ts';
import { App } from './app.tsx';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
