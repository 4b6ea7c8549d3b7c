// What other features use of search.
export { AlreadyAnswered } from './components/already-answered';
