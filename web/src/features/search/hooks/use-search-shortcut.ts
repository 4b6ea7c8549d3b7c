import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';

export const SEARCH_INPUT_ID = 'message-search-query';

/** Ctrl+K (Cmd+K on a Mac) from anywhere: opens the search screen, or focuses its box when open. */
export function useSearchShortcut() {
  const navigate = useNavigate();
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key.toLowerCase() !== 'k' || !(event.ctrlKey || event.metaKey) || event.altKey) return;
      event.preventDefault();
      const input = document.getElementById(SEARCH_INPUT_ID);
      if (input instanceof HTMLInputElement) {
        input.focus();
        input.select();
      } else void navigate(paths.search.href());
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [navigate]);
}
