/**
 * System / Light / Dark as a radio group (arrow keys move between them): an icon for
 * each choice, its name in a tooltip and as the radio's label, so the switch fits one
 * line of the sidebar.
 */
import { useId, type ReactNode } from 'react'
import { Monitor, Moon, Sun, type LucideIcon } from 'lucide-react'
import { THEME_CHOICES, type ThemePreference } from './theme'
import styles from './theme-switch.module.css'

const ICONS: Readonly<Record<ThemePreference, LucideIcon>> = { system: Monitor, light: Sun, dark: Moon }

interface Props {
  readonly value: ThemePreference
  readonly onChange: (value: ThemePreference) => void
}

/** The theme switch. */
export function ThemeSwitch({ value, onChange }: Props): ReactNode {
  const name = useId()
  return (
    <fieldset className={styles.switch}>
      <legend className={styles.legend}>Theme</legend>
      <span className={styles.options}>
        {THEME_CHOICES.map((choice) => {
          const Icon = ICONS[choice.value]
          return (
            <label key={choice.value} className={styles.option} title={choice.label}>
              <input
                className={styles.input}
                type="radio"
                name={name}
                value={choice.value}
                checked={value === choice.value}
                onChange={() => onChange(choice.value)}
              />
              <Icon aria-hidden size={14} />
              <span className="visually-hidden">{choice.label}</span>
            </label>
          )
        })}
      </span>
    </fieldset>
  )
}
