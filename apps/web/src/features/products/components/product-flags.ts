/** The product's yes/no switches, in the order the list, the filters and the card show them. */
export const PRODUCT_FLAGS = ['show_in_orders', 'show_in_wishes', 'is_public', 'for_programmer'] as const;
