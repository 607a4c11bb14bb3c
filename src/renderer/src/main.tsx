import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { AppTheme } from './app/app-theme'
import { Providers } from './app/providers'
import { ErrorBoundary } from './ui/error-boundary'
import { ErrorReports, installGlobalErrorReporting } from './ui/error-reports'
import { applyTheme } from './ui/theme/theme'
// Inter ships with the app (bundled from the npm package), so every machine draws the same.
import '@fontsource-variable/inter'
import './ui/theme/tokens.css'
import './ui/theme/base.css'
import './ui/kit.css'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element.')

// Before the first render, so an error while starting up is reported too.
installGlobalErrorReporting(window)
// The OS scheme until the saved choice loads, so a dark desktop never flashes light.
applyTheme('system')

createRoot(container).render(
  <StrictMode>
    <Providers>
      <AppTheme />
      <ErrorReports />
      <ErrorBoundary what="The app" className="app-error">
        <App />
      </ErrorBoundary>
    </Providers>
  </StrictMode>
)
