/** The brand colours (docs/product.md §6.9: a primary green and a lime text colour); global.css mirrors them as --td-primary and --td-lime. */
export const BRAND = { primary: '#2e7d32', lime: '#c0ca33' } as const;

export const FONT_STACK = {
  ltr: "'Poppins', 'Cairo', system-ui, sans-serif",
  rtl: "'Cairo', 'Poppins', system-ui, sans-serif",
} as const;
