/** The checkout's steps, in order (a module of its own: the checkout page's browser code needs this list alone). */
export const CHECKOUT_STEPS = ["contact", "address", "shipment", "payment"] as const;
