/**
 * The value viewer's views of a byte value read whole from main: a picture at full size
 * with zoom (only when main found nothing wrong with it), audio and video in the browser's
 * own player (saying so when it cannot play the format; a video's first frame, decoded with
 * WebCodecs, as its poster until it plays), a PDF's first page as the picture main drew of
 * it (the document itself is never handed to the browser; Save gives the whole file), SVG
 * and HTML only ever as escaped text (they may carry script), and anything else as a hex view.
 */
import { ImageOff, Minus, Plus } from 'lucide-react'
import { useRef, useState, type ReactNode } from 'react'
import type { MediaValue } from '@shared/contract/media'
import { Button, IconButton } from '../../ui/button'
import { mediaTitle } from './media-text'
import { useBlobSource } from './blob-source'
import { HexView } from './value-views'
import { useFramePoster } from './video-thumb'
import styles from './cell-viewer.module.css'

/** Characters of a document shown as text. */
const DOCUMENT_TEXT_MAX = 1024 * 1024

/** A byte value, by what it holds. */
export function MediaValueView({ value }: { readonly value: MediaValue }): ReactNode {
  const facts = <p className={styles.valueFacts}>{mediaTitle(value)}</p>
  if (value.bytes === null || (value.kind === 'image' && value.problem !== null)) {
    return (
      <div className={styles.valueBlock}>
        {facts}
        <div className={styles.placeholder} role="note">
          <ImageOff aria-hidden size={32} />
          <p>{value.problem ?? 'The value cannot be shown.'}</p>
        </div>
      </div>
    )
  }
  switch (value.kind) {
    case 'image':
      return <ImageView bytes={value.bytes} value={value} />
    case 'audio':
    case 'video':
      return (
        <div className={styles.valueBlock}>
          {facts}
          <Player bytes={value.bytes} value={value} />
        </div>
      )
    case 'pdf':
      return <PdfFirstPage value={value} />
    case 'document':
      return <DocumentText bytes={value.bytes} value={value} />
    case 'bytes':
      return (
        <div className={styles.valueBlock}>
          <p className={styles.valueFacts}>Bytes of no known type</p>
          <HexView bytes={value.bytes} />
        </div>
      )
  }
}

type Zoom = 'fit' | number

/** A picture at full size, or fitted, with its pixel size. */
function ImageView({ bytes, value }: { readonly bytes: Uint8Array; readonly value: MediaValue }): ReactNode {
  const [zoom, setZoom] = useState<Zoom>('fit')
  const image = useRef<HTMLImageElement | null>(null)
  const source = useBlobSource<HTMLImageElement>(bytes, value.mime)
  const scale = (): number => (zoom === 'fit' ? (image.current && value.width ? image.current.clientWidth / value.width : 1) : zoom)
  const step = (factor: number): void => setZoom(Math.min(16, Math.max(1 / 16, scale() * factor)))
  const width = zoom === 'fit' || value.width === null ? undefined : `${value.width * zoom}px`
  return (
    <div className={styles.valueBlock}>
      <div className={styles.imageBar} role="toolbar" aria-label="Zoom">
        <span className={styles.valueFacts} data-testid="image-facts">
          {mediaTitle(value)}
        </span>
        <Button size="sm" variant="secondary" aria-pressed={zoom === 'fit'} onClick={() => setZoom('fit')}>
          Fit
        </Button>
        <Button size="sm" variant="secondary" aria-pressed={zoom === 1} onClick={() => setZoom(1)}>
          100%
        </Button>
        <IconButton size="sm" variant="secondary" icon={Minus} label="Zoom out" onClick={() => step(1 / 1.25)} />
        <IconButton size="sm" variant="secondary" icon={Plus} label="Zoom in" onClick={() => step(1.25)} />
        <span className={styles.zoomLevel} aria-live="polite">
          {zoom === 'fit' ? 'Fitted' : `${Math.round(zoom * 100)}%`}
        </span>
      </div>
      <div className={styles.imageFrame} tabIndex={0} aria-label="Picture">
        <img
          ref={(element) => {
            image.current = element
            return source(element)
          }}
          className={zoom === 'fit' ? styles.imageFit : styles.imageZoomed}
          style={width ? { width, maxWidth: 'none' } : undefined}
          alt={mediaTitle(value)}
          data-testid="viewer-image"
        />
      </div>
    </div>
  )
}

/** A PDF's first page, drawn by main, fitted to the viewer; or why it was not drawn. */
function PdfFirstPage({ value }: { readonly value: MediaValue }): ReactNode {
  const page = value.firstPage ?? null
  const source = useBlobSource<HTMLImageElement>(page?.image ?? null, 'image/webp')
  const rest = page && page.pages > 1 ? `the first of its ${page.pages.toLocaleString('en-US')} pages` : 'its only page'
  return (
    <div className={styles.valueBlock}>
      <p className={styles.valueFacts} data-testid="pdf-facts">
        {mediaTitle(value)}
      </p>
      {page ? (
        <>
          <p role="note">Shown: {rest}, as a picture. Save the file (below) to read the whole document in a PDF reader.</p>
          <div className={styles.imageFrame} tabIndex={0} aria-label="First page">
            <img ref={source} className={styles.imageFit} alt={`First page of the PDF (${mediaTitle(value)})`} data-testid="viewer-pdf-page" />
          </div>
        </>
      ) : (
        <div className={styles.placeholder} role="note">
          <ImageOff aria-hidden size={32} />
          <p>{value.firstPageProblem ?? 'The first page was not drawn.'}</p>
        </div>
      )}
    </div>
  )
}

/** Audio or video in the browser's player, or why it cannot play. */
function Player({ bytes, value }: { readonly bytes: Uint8Array; readonly value: MediaValue }): ReactNode {
  const [failed, setFailed] = useState<string | null>(null)
  const audio = useBlobSource<HTMLAudioElement>(bytes, value.mime)
  const video = useBlobSource<HTMLVideoElement>(bytes, value.mime)
  const poster = useFramePoster(value.kind === 'video' ? (value.firstFrame ?? null) : null)
  const onError = (event: { readonly currentTarget: HTMLMediaElement }): void => {
    const error = event.currentTarget.error
    setFailed(error?.message || `error ${error?.code ?? 'unknown'}`)
  }
  return (
    <>
      {value.kind === 'audio' ? (
        <audio ref={audio} controls className={styles.player} onError={onError} data-testid="viewer-audio" />
      ) : (
        <video
          ref={video}
          controls
          poster={poster ?? undefined}
          className={styles.player}
          onError={onError}
          // A file the browser reads but finds no picture in it can decode (no frames, or a codec it lacks).
          onLoadedMetadata={(event) => event.currentTarget.videoWidth === 0 && setFailed('no picture it can decode')}
          data-testid="viewer-video"
        />
      )}
      {failed !== null && (
        <p role="alert" className="error-alert">
          This browser cannot play this {value.label} {value.kind} ({failed}). Save the file and play it with another player; Chromium as some Linux
          distributions build it has no H.264 or AAC.
        </p>
      )}
    </>
  )
}

/** SVG or HTML as escaped text, never as a document. */
function DocumentText({ bytes, value }: { readonly bytes: Uint8Array; readonly value: MediaValue }): ReactNode {
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, DOCUMENT_TEXT_MAX))
  return (
    <div className={styles.valueBlock}>
      <p className={styles.valueFacts}>
        {value.label} (shown as text; not rendered, since it may carry script)
        {bytes.length > DOCUMENT_TEXT_MAX ? ` · the first ${DOCUMENT_TEXT_MAX.toLocaleString('en-US')} bytes` : ''}
      </p>
      {/* React escapes the text: it is never parsed as markup. */}
      <pre className={styles.textValue} tabIndex={0} aria-label={`${value.label} source`} data-testid="document-text">
        {text}
      </pre>
    </div>
  )
}
