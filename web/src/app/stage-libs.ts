// The second of the app's loading steps under a prerendered form (main.tsx): the libraries under
// the app: the schema library (through a schema the app starts with), the router, the data layer.
export { sessionResponse } from '@studium/protocol';
export { HashRouter } from 'react-router';
export { QueryClient } from '@tanstack/react-query';
