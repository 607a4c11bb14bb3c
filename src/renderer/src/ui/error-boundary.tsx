/**
 * Keeps a render error inside one region of the window: the region shows, in place,
 * what failed in one sentence, "Try again" (which mounts the region afresh) and "Copy
 * details"; every other region keeps running with whatever was typed into it.
 */
import { Component, Fragment, type ErrorInfo, type ReactNode } from 'react'
import { CopyButton } from './copy-button'
import { errorDetailsText, errorSentence } from './error-details'

interface Props {
  /** What the region is, as the start of a sentence: "The catalog tree". */
  readonly what: string
  readonly children: ReactNode
  /** When any of these change (e.g. another table is selected), a failed region retries. */
  readonly resetKeys?: readonly unknown[]
  /** Extra actions for the fallback, e.g. Close for a dialog. */
  readonly actions?: ReactNode
  readonly className?: string
}

interface State {
  readonly error: { readonly value: unknown; readonly componentStack: string | null } | null
  /** Bumped by "Try again", so the children mount afresh instead of reusing broken state. */
  readonly generation: number
}

/** An error boundary around one region. React logs the caught error (console.error). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, generation: 0 }

  static getDerivedStateFromError(value: unknown): Partial<State> {
    return { error: { value, componentStack: null } }
  }

  override componentDidCatch(value: unknown, info: ErrorInfo): void {
    this.setState({ error: { value, componentStack: info.componentStack ?? null } })
  }

  override componentDidUpdate(previous: Props): void {
    if (this.state.error && !sameKeys(previous.resetKeys, this.props.resetKeys)) this.retry()
  }

  retry = (): void => {
    this.setState((state) => ({ error: null, generation: state.generation + 1 }))
  }

  override render(): ReactNode {
    const { error, generation } = this.state
    const { what, actions, className, children } = this.props
    if (!error) return <Fragment key={generation}>{children}</Fragment>
    return (
      <div role="alert" className={className ? `region-error ${className}` : 'region-error'}>
        <p className="region-error-text">{errorSentence(what, error.value)}</p>
        <div className="region-error-actions">
          <button type="button" onClick={this.retry}>
            Try again
          </button>
          <CopyButton label="Copy details" text={() => errorDetailsText(what, error.value, { componentStack: error.componentStack })} />
          {actions}
        </div>
      </div>
    )
  }
}

function sameKeys(a: readonly unknown[] = [], b: readonly unknown[] = []): boolean {
  return a.length === b.length && a.every((value, i) => Object.is(value, b[i]))
}
