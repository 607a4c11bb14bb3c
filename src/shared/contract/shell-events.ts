/**
 * Events main sends to the page (the one main -> renderer channel of the contract), and
 * the app commands behind the desktop menu and browser mode's keyboard shortcuts. One
 * table of accelerators serves both, so a shortcut means the same thing in each host.
 * Dependency-free: the sandboxed preload bundles this file.
 */

/** The IPC channel main sends shell events on. Not an invoke channel: nothing answers it. */
export const SHELL_EVENT_CHANNEL = 'shell:event'

/** Commands that need the page to act (the menu and the shortcuts send them). */
export const APP_COMMANDS = ['new-connection', 'close-tab', 'refresh', 'keyboard-shortcuts', 'command-palette', 'find-in-catalog'] as const

/** A command the page acts on. */
export type AppCommand = (typeof APP_COMMANDS)[number]

/** Something the shell tells the page: run a command, show a connection it opened, or a problem. */
export type ShellEvent =
  | { readonly type: 'command'; readonly command: AppCommand }
  | { readonly type: 'connection-opened'; readonly connectionId: string }
  | { readonly type: 'problem'; readonly message: string }

/** Subscribes to shell events; returns the function that unsubscribes. */
export type SubscribeShellEvents = (listener: (event: ShellEvent) => void) => () => void

/** True if `value` is a well-formed shell event (the page checks what arrives). */
export function isShellEvent(value: unknown): value is ShellEvent {
  if (typeof value !== 'object' || value === null) return false
  const event = value as Record<string, unknown>
  if (event['type'] === 'command') return (APP_COMMANDS as readonly unknown[]).includes(event['command'])
  if (event['type'] === 'connection-opened') return typeof event['connectionId'] === 'string' && event['connectionId'] !== ''
  if (event['type'] === 'problem') return typeof event['message'] === 'string'
  return false
}

/**
 * Accelerators in Electron's syntax (`CmdOrCtrl` is Cmd on macOS, Ctrl elsewhere). Chosen
 * so a browser tab can receive them too: Ctrl+N, Ctrl+W and Ctrl+T belong to the browser
 * and never reach a page, so the page-level commands use Ctrl+Alt.
 */
export const ACCELERATORS = {
  'new-connection': 'CmdOrCtrl+Alt+N',
  'open-folder': 'CmdOrCtrl+O',
  'close-tab': 'CmdOrCtrl+Alt+W',
  refresh: 'F5',
  'keyboard-shortcuts': 'CmdOrCtrl+/',
  'command-palette': 'CmdOrCtrl+K',
  'find-in-catalog': 'CmdOrCtrl+Shift+F',
  quit: 'CmdOrCtrl+Q'
} as const satisfies Readonly<Record<AppCommand | 'open-folder' | 'quit', string>>

/** What a shortcut sheet lists: a label, and the accelerator as Electron writes it. */
export const SHORTCUT_LABELS: Readonly<Record<keyof typeof ACCELERATORS, string>> = {
  'new-connection': 'New connection',
  'open-folder': 'Open folder (desktop app)',
  'close-tab': 'Close tab',
  refresh: 'Refresh',
  'keyboard-shortcuts': 'Keyboard shortcuts',
  'command-palette': 'Command palette',
  'find-in-catalog': 'Find in catalog',
  quit: 'Quit (desktop app)'
}

/** The parts of a keyboard event an accelerator is matched against. */
export interface KeyPress {
  readonly key: string
  /** The physical key (`KeyN`); Alt combinations change `key` on some layouts and on macOS. */
  readonly code?: string
  readonly ctrlKey: boolean
  readonly metaKey: boolean
  readonly altKey: boolean
  readonly shiftKey: boolean
}

/** True if a key press is this accelerator on this platform (`mac` maps CmdOrCtrl to Meta). */
export function matchesAccelerator(accelerator: string, press: KeyPress, mac: boolean): boolean {
  const parts = accelerator.split('+')
  const key = parts.pop() ?? ''
  const want = { ctrl: false, meta: false, alt: false, shift: false }
  for (const part of parts) {
    if (part === 'CmdOrCtrl') want[mac ? 'meta' : 'ctrl'] = true
    else if (part === 'Ctrl') want.ctrl = true
    else if (part === 'Cmd') want.meta = true
    else if (part === 'Alt') want.alt = true
    else if (part === 'Shift') want.shift = true
  }
  const sameMods = press.ctrlKey === want.ctrl && press.metaKey === want.meta && press.altKey === want.alt && press.shiftKey === want.shift
  const letter = /^[a-z]$/i.test(key) && press.code === `Key${key.toUpperCase()}`
  return sameMods && (letter || press.key.toLowerCase() === key.toLowerCase())
}

/** The page command a key press stands for, if any. */
export function commandForKeyPress(press: KeyPress, mac: boolean): AppCommand | undefined {
  return APP_COMMANDS.find((command) => matchesAccelerator(ACCELERATORS[command], press, mac))
}
