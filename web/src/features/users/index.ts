// What other features use of users.
export { useUserSearch } from './api/search-users';
