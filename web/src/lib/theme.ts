/** Applies or removes the `dark` class on the document root (docs/profile.md). */
export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
}
