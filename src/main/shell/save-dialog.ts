/**
 * Electron's save dialog for exports: asks where to write the file, suggesting the
 * table's name and the format's extension.
 */
import { BrowserWindow, dialog } from 'electron'
import { EXPORT_EXTENSIONS, type ExportFormat } from '../../shared/contract/export'

const FORMAT_NAMES: Readonly<Record<ExportFormat, string>> = { csv: 'CSV', jsonl: 'JSON lines', arrow: 'Arrow IPC', parquet: 'Parquet' }

/** The path the person chose, or null if they cancelled. */
export async function chooseExportPath(suggestedName: string, format: ExportFormat): Promise<string | null> {
  const window = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0]
  const options = {
    title: 'Export rows',
    buttonLabel: 'Export',
    defaultPath: suggestedName,
    filters: [{ name: FORMAT_NAMES[format], extensions: [EXPORT_EXTENSIONS[format]] }]
  }
  const result = window ? await dialog.showSaveDialog(window, options) : await dialog.showSaveDialog(options)
  return result.canceled || !result.filePath ? null : result.filePath
}
