import { useState, type ReactNode } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { HashRouter } from 'react-router';
import { createQueryClient } from './query-client';
import { ThemeProvider } from './theme-provider';
import { Toaster } from './toaster';

export function AppProviders({ children }: { children: ReactNode }) {
  const [queryClient] = useState(createQueryClient);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemeProvider>
        <HashRouter>{children}</HashRouter>
        <Toaster />
      </ThemeProvider>
    </QueryClientProvider>
  );
}
