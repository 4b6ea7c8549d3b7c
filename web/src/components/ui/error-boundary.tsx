import { Component, type ReactNode } from 'react';

interface ErrorBoundaryProps {
  /** What shows instead of the part that failed; `retry` renders it again. */
  fallback: (retry: () => void) => ReactNode;
  /** Runs before a retry (a screen whose code failed to load asks for it again). */
  onRetry?: () => void;
  children: ReactNode;
}

/**
 * Keeps a failure to render one part of the screen (its code did not arrive because the network
 * dropped, or a bug) to that part: the rest of the screen, the navbar with its counts, stays, and
 * the part offers to try again. Without one, React removes the whole app and leaves a blank page.
 */
export class ErrorBoundary extends Component<ErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  private readonly retry = () => {
    this.props.onRetry?.();
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
