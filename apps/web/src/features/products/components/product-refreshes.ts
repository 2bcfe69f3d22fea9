/**
 * Areas a product change shows up in besides the products: categories and makers count their
 * products (their pickers live in the same areas), storage batches and tags name theirs.
 */
export const PRODUCT_CHANGE_REFRESHES = ['categories', 'makers', 'storage', 'tags'];

/** A copy may also bring makers and categories into the target organisations' pickers: same areas. */
export const PRODUCT_COPY_REFRESHES = PRODUCT_CHANGE_REFRESHES;
