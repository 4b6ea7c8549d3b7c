import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import { NotificationsProvider } from '../../features/notifications/components/notifications-provider';
import { createQueryClient } from './query-client';
import { ThemeProvider } from './theme-provider';
import { Toaster } from './toaster';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        {/* Navigations render at once, not as transitions: an action that changes the session and
            navigates then renders both together, so a route guard never judges the old screen
            with the new session. */}
        <HashRouter useTransitions={false}>
          <NotificationsProvider>{children}</NotificationsProvider>
        </HashRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
