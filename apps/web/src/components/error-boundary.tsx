import { Component, type ErrorInfo, type ReactNode } from 'react';

type Props = {
  fallback: (reset: () => void) => ReactNode;
  onError?: (error: unknown, info: string) => void;
  children: ReactNode;
};

/** Catches render errors of one tab so the rest of the panel keeps working. */
export class ErrorBoundary extends Component<Props, { hasError: boolean }> {
  override state = { hasError: false };

  static getDerivedStateFromError() {
    return { hasError: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    this.props.onError?.(error, info.componentStack ?? '');
  }

  reset = () => this.setState({ hasError: false });

  override render() {
    return this.state.hasError ? this.props.fallback(this.reset) : this.props.children;
  }
}
