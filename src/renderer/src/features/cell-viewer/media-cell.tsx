/**
 * A byte cell in the grid, by what it holds: the thumbnail of a picture or of a PDF's first
 * page (made in main, shown from a blob: URL, fitted to the row), a video's first frame
 * (decoded in the page, ./video-thumb.tsx), a play button for audio (one clip at a time), a
 * type badge for documents and a video
 * whose first frame cannot be shown (the reason in its hover title), the first bytes in hex for bytes of no known type, and a
 * placeholder with the reason for a picture that cannot be shown. Its hover title names the
 * type and size (`PNG · 320 × 200 · 40.2 KiB`).
 */
import { FileAudio, FileCode, FileImage, FileText, FileVideo, ImageOff, Pause, Play, type LucideIcon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { MediaCell } from '@shared/contract/media'
import type { MediaKind } from '@shared/media-kind'
import { formatBytes } from '../../lib/format-bytes'
import { showErrorToast } from '../../ui/toast-store'
import { toggleAudio, useAudioPlaying } from './audio-player'
import { useBlobSource } from './blob-source'
import { mediaTitle } from './media-text'
import { VideoThumb } from './video-thumb'
import styles from './cell-viewer.module.css'

interface Props {
  readonly cell: MediaCell
  /** Names the clip among all the grid's cells, for one-at-a-time play. */
  readonly playKey: string
  /** The cell's whole bytes, for playing audio. */
  readonly loadBytes: () => Promise<{ readonly bytes: Uint8Array; readonly mime: string }>
}

/** The icon of a badge for each family. */
const BADGES: Readonly<Record<MediaKind, LucideIcon>> = {
  image: FileImage,
  audio: FileAudio,
  video: FileVideo,
  pdf: FileText,
  document: FileCode,
  bytes: FileText
}

/** The longest side of a video's first frame drawn in a row, in pixels: as main's row thumbnails of pictures. */
const ROW_SIDE = 64

/** What a non-null byte cell shows. */
export function MediaCellView({ cell, playKey, loadBytes }: Props): ReactNode {
  const title = mediaTitle(cell)
  if (cell.problem !== null) {
    return (
      <span className={styles.mediaCell} title={`${title}\n${cell.problem}`} data-testid="media-problem">
        <ImageOff aria-hidden size={16} className={styles.mediaProblemIcon} />
        <span className={styles.mediaLabel}>{cell.label}</span>
        <span className="visually-hidden">: {cell.problem}</span>
      </span>
    )
  }
  if ((cell.kind === 'image' || cell.kind === 'pdf') && cell.thumb) return <Thumbnail thumb={cell.thumb} title={title} />
  if (cell.kind === 'audio') return <AudioCell title={title} label={cell.label} playKey={playKey} loadBytes={loadBytes} />
  if (cell.kind === 'bytes') {
    return (
      <span className={styles.mediaCell} title={title}>
        <span className={styles.mediaHex}>{cell.head}</span> <span className={styles.mediaSize}>({formatBytes(cell.size ?? 0)})</span>
      </span>
    )
  }
  if (cell.kind === 'video' && cell.firstFrame) {
    return (
      <VideoThumb
        frame={cell.firstFrame}
        side={ROW_SIDE}
        className={styles.mediaThumb}
        title={title}
        fallback={(problem) => <Badge cell={cell} title={`${title}\n${problem}`} />}
      />
    )
  }
  return <Badge cell={cell} title={cell.firstFrameProblem ? `${title}\n${cell.firstFrameProblem}` : title} />
}

/** The type's badge and the size. */
function Badge({ cell, title }: { readonly cell: MediaCell; readonly title: string }): ReactNode {
  const Icon = BADGES[cell.kind]
  return (
    <span className={styles.mediaCell} title={title} data-testid="media-badge">
      <span className={styles.mediaBadge}>
        <Icon aria-hidden size={14} />
        {cell.label}
      </span>
      <span className={styles.mediaSize}>{cell.size === null ? '' : formatBytes(cell.size)}</span>
    </span>
  )
}

function Thumbnail({ thumb, title }: { readonly thumb: Uint8Array; readonly title: string }): ReactNode {
  const source = useBlobSource<HTMLImageElement>(thumb, 'image/webp')
  return <img ref={source} className={styles.mediaThumb} alt={title} title={title} draggable={false} />
}

function AudioCell({ title, label, playKey, loadBytes }: { readonly title: string; readonly label: string } & Omit<Props, 'cell'>): ReactNode {
  const playing = useAudioPlaying(playKey)
  const [loading, setLoading] = useState(false)
  const press = async (): Promise<void> => {
    setLoading(true)
    try {
      await toggleAudio(playKey, loadBytes)
    } catch (error) {
      showErrorToast(error instanceof Error ? error.message : String(error))
    } finally {
      setLoading(false)
    }
  }
  return (
    <span className={styles.mediaCell} title={title}>
      <button
        type="button"
        className={styles.mediaPlay}
        tabIndex={-1}
        aria-label={playing ? `Pause ${label}` : `Play ${label}`}
        aria-pressed={playing}
        disabled={loading}
        onClick={(event) => {
          event.stopPropagation()
          void press()
        }}
      >
        {playing ? <Pause aria-hidden size={12} /> : <Play aria-hidden size={12} />}
      </button>
      <span className={styles.mediaLabel}>{label}</span>
    </span>
  )
}
