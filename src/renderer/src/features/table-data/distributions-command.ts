/**
 * The shown grid's Distributions switch, for the command palette: the grid on screen
 * registers what its switch shows and does while it shows, so the palette offers "Show"
 * or "Hide column distributions" only where the switch would work. UI state only (zustand).
 */
import { useEffect, useRef } from 'react'
import { create } from 'zustand'

/** What the palette needs of the switch. */
export interface DistributionsCommand {
  /** Whether the sparklines show. */
  readonly shown: boolean
  readonly toggle: () => void
}

/** The switch of the grid on screen, or null when no grid shows or its switch cannot work. */
export const useDistributionsCommand = create<{ readonly command: DistributionsCommand | null }>()(() => ({ command: null }))

/** Registers the grid's switch while `available` (a grid shows and the switch is enabled). */
export function useRegisterDistributions(available: boolean, shown: boolean, toggle: () => void): void {
  const latest = useRef(toggle)
  useEffect(() => {
    latest.current = toggle
  })
  useEffect(() => {
    if (!available) return
    const command: DistributionsCommand = { shown, toggle: () => latest.current() }
    useDistributionsCommand.setState({ command })
    return () => useDistributionsCommand.setState((state) => (state.command === command ? { command: null } : state))
  }, [available, shown])
}
