/**
 * Bytes shown or saved through blob: URLs the page makes itself (the content security
 * policy allows them for images and media, and nothing else): a ref callback that points an
 * <img>, <audio> or <video> at the bytes while it is mounted and revokes the URL when it
 * goes, and a download of the bytes through an <a download>.
 */
import { useCallback } from 'react'

/** A blob of `bytes` typed `type`. */
function blobOf(bytes: Uint8Array, type: string): Blob {
  // A copy into a plain ArrayBuffer: a view may sit on a shared or larger buffer.
  return new Blob([bytes.slice()], { type })
}

/** A ref callback giving the element a blob: URL of `bytes` while mounted, revoked when it unmounts or the bytes change. */
export function useBlobSource<E extends HTMLImageElement | HTMLMediaElement>(
  bytes: Uint8Array | null,
  type: string
): (element: E | null) => (() => void) | undefined {
  return useCallback(
    (element: E | null) => {
      if (!element || !bytes) return undefined
      const url = URL.createObjectURL(blobOf(bytes, type))
      element.src = url
      return () => {
        if (element instanceof HTMLMediaElement) element.pause()
        element.removeAttribute('src')
        URL.revokeObjectURL(url)
      }
    },
    [bytes, type]
  )
}

/** Downloads `bytes` as a file named `name`. */
export function saveBytes(bytes: Uint8Array, type: string, name: string): void {
  const url = URL.createObjectURL(blobOf(bytes, type))
  const link = document.createElement('a')
  link.href = url
  link.download = name
  link.style.display = 'none'
  document.body.append(link)
  link.click()
  link.remove()
  // The download has taken the URL by the next task; a later revoke keeps it from leaking.
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
}
