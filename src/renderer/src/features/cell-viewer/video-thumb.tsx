/**
 * A video cell's thumbnail: its first frame (found by main, ./first-frames.ts decodes it)
 * drawn on a canvas sized as the picture, at most `side` pixels on its longest side. Where
 * the page has no WebCodecs, or the frame does not decode (a codec this browser lacks, a
 * damaged frame), it shows what `fallback` makes of the reason: the video's badge. The
 * viewer's player shows the same frame as its poster (`useFramePoster`).
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import type { VideoFirstFrame } from '@shared/contract/media'
import { canDecodeFrames, framePicture } from './first-frames'

interface Props {
  readonly frame: VideoFirstFrame
  /** The longest side of the picture, in pixels. */
  readonly side: number
  readonly className: string | undefined
  readonly title: string
  readonly fallback: (problem: string) => ReactNode
}

const NO_DECODER = 'This window cannot decode video frames (it has no WebCodecs VideoDecoder).'

export function VideoThumb({ frame, side, className, title, fallback }: Props): ReactNode {
  const canvas = useRef<HTMLCanvasElement>(null)
  const [problem, setProblem] = useState<{ readonly frame: VideoFirstFrame; readonly text: string } | null>(null)
  const usable = canDecodeFrames()
  useEffect(() => {
    if (!usable) return undefined
    let live = true
    framePicture(frame, side).then(
      (picture) => {
        const target = canvas.current
        if (!live || !target) return
        target.width = picture.width
        target.height = picture.height
        try {
          target.getContext('2d')?.drawImage(picture, 0, 0)
        } catch (error) {
          // A picture dropped from the kept ones (closed) between its decode and this draw.
          setProblem({ frame, text: error instanceof Error ? error.message : String(error) })
        }
      },
      (error: unknown) => {
        if (live) setProblem({ frame, text: error instanceof Error ? error.message : String(error) })
      }
    )
    return () => {
      live = false
    }
  }, [frame, side, usable])
  if (!usable) return fallback(NO_DECODER)
  if (problem?.frame === frame) return fallback(problem.text)
  // Sized as the picture will be, so the cell does not change size when it is drawn.
  const scale = Math.min(1, side / Math.max(frame.width, frame.height, 1))
  return (
    <canvas
      ref={canvas}
      className={className}
      width={Math.max(1, Math.round(frame.width * scale))}
      height={Math.max(1, Math.round(frame.height * scale))}
      role="img"
      aria-label={title}
      title={title}
      data-testid="video-thumb"
    />
  )
}

/** The longest side of a poster, in pixels: the viewer's player is at most about this wide. */
const POSTER_SIDE = 1280

/**
 * A blob: URL of `frame` drawn as a PNG, for a <video>'s poster (shown until it plays), or
 * null while it is made, where it cannot be, or for no frame. Revoked when the frame changes
 * or the player goes.
 */
export function useFramePoster(frame: VideoFirstFrame | null): string | null {
  const [poster, setPoster] = useState<{ readonly frame: VideoFirstFrame; readonly url: string } | null>(null)
  useEffect(() => {
    if (!frame || !canDecodeFrames()) return undefined
    let live = true
    let url: string | null = null
    framePicture(frame, POSTER_SIDE)
      .then((picture) => {
        const canvas = new OffscreenCanvas(picture.width, picture.height)
        canvas.getContext('2d')?.drawImage(picture, 0, 0)
        return canvas.convertToBlob({ type: 'image/png' })
      })
      .then(
        (blob) => {
          if (!live) return
          url = URL.createObjectURL(blob)
          setPoster({ frame, url })
        },
        // No poster: the player shows what it shows without one.
        () => undefined
      )
    return () => {
      live = false
      if (url) URL.revokeObjectURL(url)
    }
  }, [frame])
  return poster?.frame === frame ? poster.url : null
}
