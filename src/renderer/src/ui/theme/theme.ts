/**
 * The light and dark themes: which one applies for the user's choice and the OS colour
 * scheme, and putting it on <html> as data-theme, where tokens.css picks its colours.
 */
import { useEffect } from 'react'

/** The user's choice: follow the OS, or force one theme. */
export type ThemePreference = 'system' | 'light' | 'dark'
/** A theme the page can show. */
export type AppliedTheme = 'light' | 'dark'

/** The choices in the order the switch offers them, with their labels. */
export const THEME_CHOICES: ReadonlyArray<{ readonly value: ThemePreference; readonly label: string }> = [
  { value: 'system', label: 'System' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' }
]

const DARK_QUERY = '(prefers-color-scheme: dark)'

/** The theme to show; anything but an explicit light or dark (an old saved value too) follows the OS. */
export function resolveTheme(preference: unknown, osPrefersDark: boolean): AppliedTheme {
  if (preference === 'light' || preference === 'dark') return preference
  return osPrefersDark ? 'dark' : 'light'
}

/** Sets data-theme on <html> for `preference` now, before React renders (no light flash on a dark OS). */
export function applyTheme(preference: unknown, root: HTMLElement = document.documentElement): AppliedTheme {
  const theme = resolveTheme(preference, window.matchMedia(DARK_QUERY).matches)
  root.dataset['theme'] = theme
  return theme
}

/** Keeps data-theme in step with `preference` and, for System, with the OS as it changes. */
export function useAppliedTheme(preference: ThemePreference): void {
  useEffect(() => {
    const media = window.matchMedia(DARK_QUERY)
    const update = (): void => {
      applyTheme(preference)
    }
    update()
    media.addEventListener('change', update)
    return () => media.removeEventListener('change', update)
  }, [preference])
}
