/** Site-wide names, in one place so a deployment changes them once. */
export const BRAND = "TLDScope";
