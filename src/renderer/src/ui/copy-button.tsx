/**
 * A button that copies text to the clipboard and says, in a live region, whether it
 * worked. When the clipboard is unavailable (no permission, no focus) it says so and
 * points at the text to copy by hand, rather than failing silently.
 */
import { useState, type ReactNode } from 'react'

interface Props {
  /** The text to copy, or a function that produces it (possibly asynchronously). */
  readonly text: string | (() => string | Promise<string>)
  readonly label: string
  readonly className?: string
}

/** Copies `text` on click and reports the outcome next to the button. */
export function CopyButton({ text, label, className }: Props): ReactNode {
  const [status, setStatus] = useState<'idle' | 'copied' | 'failed'>('idle')
  const [problem, setProblem] = useState('')
  const copy = async (): Promise<void> => {
    try {
      const value = typeof text === 'function' ? await text() : text
      await navigator.clipboard.writeText(value)
      setStatus('copied')
    } catch (error) {
      setProblem(error instanceof Error ? error.message : String(error))
      setStatus('failed')
    }
  }
  return (
    <span className="copy-button">
      <button type="button" className={className} onClick={() => void copy()}>
        {label}
      </button>
      <span role="status" className="muted copy-status">
        {status === 'copied' ? 'Copied.' : status === 'failed' ? `Could not copy (${problem}); select the text and copy it by hand.` : ''}
      </span>
    </span>
  )
}
