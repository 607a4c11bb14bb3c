import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './app/app'
import { Providers } from './app/providers'
import { ErrorBoundary } from './ui/error-boundary'
import { ErrorReports, installGlobalErrorReporting } from './ui/error-reports'
import './app/styles.css'

const container = document.getElementById('root')
if (!container) throw new Error('The page has no #root element.')

// Before the first render, so an error while starting up is reported too.
installGlobalErrorReporting(window)

createRoot(container).render(
  <StrictMode>
    <Providers>
      <ErrorReports />
      <ErrorBoundary what="The app" className="app-error">
        <App />
      </ErrorBoundary>
    </Providers>
  </StrictMode>
)
