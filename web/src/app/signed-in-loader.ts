import { useEffect, useState } from 'react';
import type * as SignedIn from './signed-in';

type SignedInModule = typeof SignedIn;

let loaded: SignedInModule | null = null;
let loading: Promise<SignedInModule> | null = null;

/**
 * Loads the logged-in parts of every screen (signed-in.tsx) once. The app waits for them before
 * its first render when it starts with a session (app.tsx), so a logged-in page never renders
 * without its navbar; after a login they come in alongside the next page.
 */
export function loadSignedIn(): Promise<SignedInModule> {
  loading ??= import('./signed-in').then((module) => (loaded = module));
  return loading;
}

/** The logged-in parts when `wanted`: at once if loaded before, else after they have loaded. */
export function useSignedIn(wanted: boolean): SignedInModule | null {
  const [module, setModule] = useState(loaded);
  useEffect(() => {
    if (!wanted || module) return;
    let live = true;
    loadSignedIn()
      .then((m) => live && setModule(m))
      // A failed load (offline) is asked again on the next render that wants it.
      .catch(() => (loading = null));
    return () => {
      live = false;
    };
  }, [wanted, module]);
  return wanted ? (module ?? loaded) : null;
}
