/** Applies or removes the `dark` class on the document root (spec §4). */
export function applyTheme(dark: boolean): void {
  document.documentElement.classList.toggle('dark', dark);
}
