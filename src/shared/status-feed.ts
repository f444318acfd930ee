/** Where the status incidents' Atom feed is served (server) and linked from the status page (client). */
export const STATUS_FEED_PATH = "/status/feed.atom";
