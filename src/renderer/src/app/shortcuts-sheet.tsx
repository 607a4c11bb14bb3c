/**
 * The keyboard shortcuts sheet (Ctrl+/, `?`, or the Help menu): the app commands from the
 * accelerator table the menu shares, then the keys that work where focus is (tree, tabs,
 * separators, palette).
 */
import type { ReactNode } from 'react'
import { ACCELERATORS, SHORTCUT_LABELS } from '@shared/contract/shell-events'
import { Dialog } from '../ui/dialog'
import { MOD, shortcutText } from './shortcut-text'
import styles from './shortcuts-sheet.module.css'

/** Keys that act on the focused part of the window. */
const IN_PLACE: readonly (readonly [string, string])[] = [
  ['Show keyboard shortcuts (outside text fields)', '?'],
  ['Open the focused table in a new tab (tree)', `${MOD}+Enter or middle-click`],
  ['Open the actions menu (tree)', 'Shift+F10'],
  ['Close the focused tab', 'Delete or middle-click'],
  ['Move the focused tab', `${MOD}+Shift+Left / Right`],
  ['Resize panes (focused separator)', 'Arrow keys, Home, End'],
  ['Complete a table path (palette)', 'Tab']
]

/** The sheet as a dialog. */
export function ShortcutsSheet({ onClose }: { readonly onClose: () => void }): ReactNode {
  return (
    <Dialog title="Keyboard shortcuts" onClose={onClose} onSubmit={onClose} footer={{ submitLabel: 'Close', cancel: null }}>
      <table className={styles.shortcuts} aria-label="Commands">
        <tbody>
          {Object.entries(ACCELERATORS).map(([name, accelerator]) => (
            <tr key={name}>
              <th scope="row">{SHORTCUT_LABELS[name as keyof typeof ACCELERATORS]}</th>
              <td>
                <kbd>{shortcutText(accelerator)}</kbd>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className={styles.shortcuts} aria-label="Where focus is">
        <tbody>
          {IN_PLACE.map(([label, keys]) => (
            <tr key={label}>
              <th scope="row">{label}</th>
              <td>
                <kbd>{keys}</kbd>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Dialog>
  )
}
