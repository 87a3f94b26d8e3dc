import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen as ErrorPage } from './lazyDefaults';

interface State {
  error: Error | null;
  errorInfo?: ErrorInfo;
}

/**
 * A page that crashes shows react-admin's error page inside the layout; the menu keeps working. The error
 * page is fetched when needed (src/kit/layout/lazyDefaults.tsx), not with every page.
 */
export class PageErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(_error: Error, errorInfo: ErrorInfo) {
    this.setState({ errorInfo });
  }

  override render() {
    const { error, errorInfo } = this.state;
    if (!error) return this.props.children;
    return <ErrorPage error={error} errorInfo={errorInfo} resetErrorBoundary={() => this.setState({ error: null, errorInfo: undefined })} />;
  }
}
