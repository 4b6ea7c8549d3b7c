// What other features use of sessions.
export { SessionsList } from './components/sessions-list';
