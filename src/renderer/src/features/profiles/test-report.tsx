/**
 * The result of "Test connection": a summary line, then each step with what was sent
 * (method, URL, headers with secrets masked), the HTTP status, the latency and the
 * verdict in plain words. "Copy report" copies the same facts as text.
 */
import { useEffect, useRef, type ReactNode } from 'react'
import { formatTestReport, isPassing, VERDICT_LABELS, type ConnectionTestReport, type ConnectionTestStep } from '@shared/connection-test'
import { CopyButton } from '../../ui/copy-button'
import styles from './profiles.module.css'
import { cx } from '../../ui/class-names'

/** One test report, as a labelled region. */
export function TestReport({ report, label = 'Test result' }: { readonly report: ConnectionTestReport; readonly label?: string }): ReactNode {
  const ref = useRef<HTMLElement>(null)
  // The report appears below a long form: bring it into view so the outcome is seen.
  // A block body on purpose: Chromium's scrollIntoView returns a Promise, and an effect
  // that returns it hands React a "cleanup" that is not a function, which crashed the
  // whole window when the dialog closed.
  useEffect(() => {
    void ref.current?.scrollIntoView?.({ block: 'nearest' })
  }, [report])
  const failed = report.steps.find((step) => !isPassing(step.verdict))
  const summary = failed
    ? `Connection test failed: ${VERDICT_LABELS[failed.verdict]}.`
    : report.steps.some((step) => step.verdict === 'warning')
      ? 'Connection test passed, with a warning.'
      : 'Connection test passed.'
  return (
    <section ref={ref} role="region" aria-label={label} className={cx(styles.testReport, report.ok ? styles.passed : styles.failed)}>
      <p className={styles.testSummary}>
        <strong>{summary}</strong> <span className="muted">{report.target}</span>
      </p>
      <ol className={styles.testSteps}>
        {report.steps.map((step, i) => (
          <TestStep key={i} step={step} folded={report.ok} />
        ))}
      </ol>
      <CopyButton label="Copy report" text={() => formatTestReport(report)} />
    </section>
  )
}

/**
 * One step. In a passing report what was sent is folded under "Request", so the outcome
 * reads first and the report fits its dialog; a failing report shows it open.
 */
function TestStep({ step, folded }: { readonly step: ConnectionTestStep; readonly folded: boolean }): ReactNode {
  const sent = (
    <>
      {step.request && (
        <div className={styles.testRequest}>
          <code>
            {step.request.method} {step.request.url}
          </code>
          {Object.entries(step.request.headers).map(([name, value]) => (
            <code key={name} className={styles.testHeader}>
              {name}: {value}
            </code>
          ))}
        </div>
      )}
      <div className={cx(styles.testFacts, 'muted')}>
        <span>{statusText(step)}</span>
      </div>
    </>
  )
  return (
    <li className={cx(styles.testStep, step.verdict === 'ok' && styles.verdictOk, step.verdict === 'warning' && styles.verdictWarning)}>
      <div className={styles.testStepHead}>
        <span className={styles.testStepTitle}>{step.title}</span>
        <span className={styles.verdictBadge}>{VERDICT_LABELS[step.verdict]}</span>
        <span className={cx(styles.testLatency, 'muted')}>{step.latencyMs} ms</span>
      </div>
      <p className={styles.testMessage}>{step.message}</p>
      {step.serverMessage && !step.message.includes(step.serverMessage) && <p className="muted">Server said: {step.serverMessage}</p>}
      {step.request &&
        (folded ? (
          <details className={styles.testSent}>
            <summary className="muted">Request</summary>
            {sent}
          </details>
        ) : (
          sent
        ))}
    </li>
  )
}

/** The HTTP status in words; an error status on a passing step is the answer the check asked for. */
function statusText(step: ConnectionTestStep): string {
  if (step.status === undefined) return 'No HTTP status'
  return step.verdict === 'ok' && step.status >= 400 ? `HTTP ${step.status}, the answer this check expects` : `HTTP ${step.status}`
}
