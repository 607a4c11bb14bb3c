/** CSS modules (`*.module.css`): Vite hands back the scoped class names by source name. */
declare module '*.module.css' {
  const classes: Readonly<Record<string, string>>
  export default classes
}
