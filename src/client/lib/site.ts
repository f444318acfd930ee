/** Site-wide names and outside addresses, in one place so a deployment changes them once. */
export const BRAND = "TLDScope";

/** The external community; override per deployment with VITE_COMMUNITY_CHAT_URL. */
export const COMMUNITY_CHAT_URL: string = import.meta.env.VITE_COMMUNITY_CHAT_URL || "https://discord.com/invite/tldscope";
