/** Applies the theme the user chose (kept in the UI store) to the page. */
import type { ReactNode } from 'react'
import { useAppliedTheme } from '../ui/theme/theme'
import { useUiStore } from '../state/ui-store'

/** Renders nothing; keeps <html data-theme> in step with the saved choice and the OS. */
export function AppTheme(): ReactNode {
  useAppliedTheme(useUiStore((state) => state.theme))
  return null
}
