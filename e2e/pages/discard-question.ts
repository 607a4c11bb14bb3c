/**
 * The question a dialog holding what the person entered asks before Escape or Cancel
 * throws it away ("Discard the table you started?", Keep editing / Discard).
 */
import type { Page } from '@playwright/test'

/**
 * Answers Discard if the question is showing, and does nothing otherwise: for tests that
 * close a dialog in many states, some started and some not. React renders the question
 * within the key press or click that asked for it, so it is there when this looks.
 */
export async function discardIfAsked(page: Page, timeout?: number): Promise<void> {
  const discard = page.getByRole('dialog', { name: /^Discard / }).getByRole('button', { name: 'Discard', exact: true })
  if (await discard.isVisible()) await discard.click({ timeout })
}
