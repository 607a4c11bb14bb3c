/**
 * The share (percent) of the details/grid split the details need to show their content
 * without scrolling, capped so the grid keeps its minimum. Measured with a ResizeObserver
 * on the content and on the split, so it follows the view, the table and the window.
 */
import { useEffect, useState, type RefObject } from 'react'

/** Pixels of slack so rounding never leaves a scrollbar. */
const SLACK = 2

/**
 * `split`: the split's root; `scroll`: the details' scroll box; `content`: its content,
 * whose height does not depend on the pane's. Null until measured.
 */
export function useFitShare(
  split: RefObject<HTMLElement | null>,
  scroll: RefObject<HTMLElement | null>,
  content: RefObject<HTMLElement | null>,
  minGrid: number,
  measureKey: string
): number | null {
  const [share, setShare] = useState<number | null>(null)
  useEffect(() => {
    const group = split.current?.lastElementChild
    const box = scroll.current
    const inner = content.current
    // The split's first child is the details pane.
    const panel = group instanceof HTMLElement ? group.firstElementChild : null
    if (!(group instanceof HTMLElement) || !box || !inner || !(panel instanceof HTMLElement)) return
    const measure = (): void => {
      // Shares are of the panes' height, the separator's left out.
      const separator = group.children[1]?.getBoundingClientRect().height ?? 0
      const total = group.getBoundingClientRect().height - separator
      if (total <= 0) return
      // The pane's chrome (the view tabs) stays; the scroll box grows to its content and
      // padding. Measured in fractional pixels, so the answer does not depend on the size
      // the pane had when it was measured (rounded heights made it, by up to a pixel).
      const style = getComputedStyle(box)
      const padding = (parseFloat(style.paddingTop) || 0) + (parseFloat(style.paddingBottom) || 0)
      const chrome = panel.getBoundingClientRect().height - box.getBoundingClientRect().height
      const needed = Math.ceil(chrome + inner.getBoundingClientRect().height + padding + SLACK)
      const most = ((total - minGrid - SLACK) / total) * 100
      // Up to the split's own precision (thousandths of a percent), so the pane is never
      // rounded below the whole pixels it needs.
      setShare(Math.min(most, Math.ceil((needed / total) * 100_000) / 1000))
    }
    measure()
    const observer = new ResizeObserver(measure)
    observer.observe(group)
    observer.observe(inner)
    return () => observer.disconnect()
  }, [split, scroll, content, minGrid, measureKey])
  return share
}
