/** A full reload: a language switch (docs/product.md §6.4) starts over with the new language's catalogues and direction. */
export function reloadPage(): void {
  window.location.reload();
}
