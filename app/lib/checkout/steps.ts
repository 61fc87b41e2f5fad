export const CHECKOUT_STEPS = ["contact", "address", "shipment", "payment"] as const;
