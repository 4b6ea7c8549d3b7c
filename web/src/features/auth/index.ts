// What other features use of auth.
export { useSession } from './hooks/use-session';
