/** Accelerators as people read them on this platform. */

const mac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform)

/** An accelerator as people read it on this platform (`CmdOrCtrl` is Cmd on macOS). */
export function shortcutText(accelerator: string): string {
  return accelerator.replace('CmdOrCtrl', mac ? 'Cmd' : 'Ctrl')
}

/** Ctrl, or Cmd on macOS: for page-level shortcuts written out by hand. */
export const MOD = mac ? 'Cmd' : 'Ctrl'
