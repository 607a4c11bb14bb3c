/**
 * The grid's audio: one clip plays at a time, from a blob: URL of its bytes in a detached
 * <audio> element; starting another stops the first, and the URL is revoked when its clip
 * stops. Cells follow which clip plays through a small external store.
 */
import { useSyncExternalStore } from 'react'

interface Playing {
  readonly key: string
  readonly audio: HTMLAudioElement
  readonly url: string
}

let playing: Playing | null = null
const listeners = new Set<() => void>()

function notify(): void {
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Stops what plays, if anything. */
export function stopAudio(): void {
  const current = playing
  if (!current) return
  playing = null
  current.audio.pause()
  current.audio.removeAttribute('src')
  URL.revokeObjectURL(current.url)
  notify()
}

/** Whether the clip `key` is playing now. */
export function useAudioPlaying(key: string): boolean {
  return useSyncExternalStore(subscribe, () => playing?.key === key)
}

/**
 * Plays the clip `key` (its bytes from `load`), or stops it when it is the one playing.
 * Rejects with a message a person can act on when the bytes cannot be had or played.
 */
export async function toggleAudio(key: string, load: () => Promise<{ readonly bytes: Uint8Array; readonly mime: string }>): Promise<void> {
  if (playing?.key === key) return stopAudio()
  stopAudio()
  const { bytes, mime } = await load()
  const audio = new Audio()
  const url = URL.createObjectURL(new Blob([bytes.slice()], { type: mime }))
  audio.src = url
  const mine: Playing = { key, audio, url }
  playing = mine
  audio.addEventListener('ended', () => playing === mine && stopAudio())
  notify()
  try {
    await audio.play()
  } catch (error) {
    if (playing === mine) stopAudio()
    // Stopped by another clip or a second press before it began: nothing went wrong.
    if (error instanceof DOMException && error.name === 'AbortError') return
    throw new Error(`This browser cannot play the clip (${mime}): ${error instanceof Error ? error.message : String(error)}`)
  }
}
