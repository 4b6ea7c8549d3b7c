// The first of the app's loading steps under a prerendered form (main.tsx): React and React DOM.
export { createRoot } from 'react-dom/client';
export { startTransition } from 'react';
