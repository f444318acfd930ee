// Generated from /api/openapi.json by `npm run api:types` (openapi-typescript). Do not edit.

export interface paths {
    "/api/domain-prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Price list
         * @description One page of priced TLDs with each one's cheapest registration, renewal and transfer.
         */
        get: operations["listPrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/domain-prices/common": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Common TLDs' prices
         * @description The price-list rows of .com, .net, .org, .io and .co.
         */
        get: operations["listCommonPrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/domain-prices/tld/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One TLD's prices
         * @description Every provider's quote for one TLD. With `limit`, `offset`, `sortBy` or `sortOrder`, one page of them, cheapest registration first unless `sortBy` names renewalPrice or transferPrice (and `sortOrder` desc puts the dearest first; in the display currency where a quote has one, a quote without that price last): `offset` quotes skipped, at most `limit` (default 200) returned, and the X-Total-Count header says how many quotes the TLD has in all.
         */
        get: operations["listTldPrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/currencies": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Display currencies
         * @description Every currency with a stored ECB reference rate, with the newest day that quotes it.
         */
        get: operations["listCurrencies"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Service providers
         * @description Registrars and resellers with a price list.
         */
        get: operations["listServiceProviders"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-providers/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One service provider
         * @description A provider by id.
         */
        get: operations["getServiceProvider"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/service-providers/{id}/domain-prices": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A provider's prices
         * @description Every TLD the provider quotes.
         */
        get: operations["listServiceProviderPrices"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/registry-operators": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Registry operators
         * @description Each registry operator with the TLDs it runs.
         */
        get: operations["listRegistryOperators"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/data-last-updated": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Data freshness
         * @description isDataUpdate is true once a live price fetch has succeeded, and lastUpdated is then that fetch's time; before any, lastUpdated is when the bundled data was installed. Re-applied bundled price lists move neither.
         */
        get: operations["getDataStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/registry-coverage": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Registry date coverage
         * @description How each delegated TLD's registration and expiry dates are found: RDAP at a server IANA's bootstrap lists (iana_rdap), at one the bundled supplement or the operator names (supplement, operator), WHOIS, or none; whether the registry publishes an expiry date; and the product's own lookups of the last `days` days. totals counts TLDs per method, all of them and the country codes apart.
         */
        get: operations["getRegistryCoverage"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/tlds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One TLD
         * @description A catalogue entry: a TLD with the second-level suffixes under it (secondLevel), or a suffix such as co.uk with its parent TLD (parent).
         */
        get: operations["getTld"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The portfolio
         * @description Without page, limit or offset: every entry of the portfolio as a plain list (the specification's answer), streamed. With any of them: one page (at most 100 entries) in an envelope with the total. sortBy, sortOrder, search and currency apply to both.
         */
        get: operations["listUserDomains"];
        put?: never;
        /**
         * Add a domain
         * @description The TLD is read from the domain when tldId is left out; the registry lookup of its dates is queued at once. 409 when the domain is in the portfolio already or the portfolio is full.
         */
        post: operations["addUserDomain"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * One entry
         * @description 404 when no entry of the caller has this id.
         */
        get: operations["getUserDomain"];
        /**
         * Edit an entry
         * @description Fields left out keep their values; null or an empty string clears an optional one.
         */
        put: operations["updateUserDomain"];
        post?: never;
        /**
         * Remove an entry
         * @description 404 when no entry of the caller has this id.
         */
        delete: operations["removeUserDomain"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/{id}/keep-as-hand-added": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Keep a departed entry
         * @description An entry its registrar account no longer lists stays as one added by hand, unlinked from the account; 409 on an entry without that mark.
         */
        post: operations["keepUserDomainAsHandAdded"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/{id}/check-registry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check the registry now
         * @description Queues a registry lookup of the entry's dates and status at once; the answer is the entry as stored now (the lookup's result comes later). Limited per hour for each user (429 with Retry-After past it); 404 when no entry of the caller has this id.
         */
        post: operations["checkUserDomainRegistry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/{id}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A domain's history
         * @description Every registry check and every change the monitoring found (registry, certificate, DNS), newest first, dated, with the old and new values and the change in words. nextBefore is the before of the next, older page (null on the last). 404 when no entry of the caller has this id.
         */
        get: operations["getUserDomainHistory"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/{id}/notification-settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * A domain's own notification switches
         * @description Per kind: the owner's setting for every domain, this domain's own (inherit, on, off) and whether it is told; the parts' own switches (dns:MX, …). 404 when no entry of the caller has this id.
         */
        get: operations["getUserDomainNotificationSettings"];
        /**
         * Set a domain's own notification switches
         * @description Sets the switches given, all or none: inherit removes the domain's own (the owner's setting decides again). A key is a kind offered (registry_change, …) or a part under one (dns:MX); any other is a 400.
         */
        put: operations["setUserDomainNotificationSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/summary": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Portfolio totals
         * @description Counts and totals of the whole portfolio and the 50 soonest entries of each expiry bucket (expired, within 30, 60 and 90 days) with their counts. `totals` (in the display currency, USD without one) holds a year of every domain and the renewals due in the next twelve months, each with `counts` saying what it counts, and `reconciliation`, one sentence saying how the two add up.
         */
        get: operations["getPortfolioSummary"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/forecast": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Renewal forecast
         * @description The twelve calendar months from the current one: each auto-renewing domain in its expiry month at its registrar's renewal price and at the cheapest, per month, per registrar and in total, in the display currency; domains left out of the totals are named with the reason.
         */
        get: operations["getRenewalForecast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/forecast.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Renewal forecast as CSV
         * @description The same figures as a CSV download.
         */
        get: operations["downloadRenewalForecast"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/forecast-domains.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Renewal forecast per domain as CSV
         * @description The same forecast as a CSV download with one record per domain in its figures (month, domain, expiry date, registrar, prices at the registrar and at the cheapest, and when each was checked); each month's records add up to its totals in forecast.csv.
         */
        get: operations["downloadRenewalForecastDomains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/registry-progress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Registry lookups still to come
         * @description How far the registry's first lookup of the newest entries (added, imported or renamed) has got: of the entries changed since the oldest one still waiting, how many are looked up ("214 of 300 checked"). progress is null when every entry has been looked up.
         */
        get: operations["getRegistryProgress"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/export.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Export the portfolio
         * @description Every entry as CSV with the columns domainName, tld, registrar, registrationDate, expirationDate, autoRenew, notes (the ones an import reads), then what the registry said and where each date in force came from, then renewalPrice, renewalCurrency, renewalPriceDate, renewalPriceSource and autoRenewState: the renewal at the registrar that holds the domain in the display currency, as the portfolio, summary and forecast show it (empty when that registrar quotes none or no stored rate converts its quote), the day a source last confirmed the price, whose price it is, and auto-renew as on, off or unknown.
         */
        get: operations["exportUserDomains"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Import a CSV
         * @description A CSV with a header row (columns: domainName, tld, registrar, registrationDate, expirationDate, autoRenew, notes; domainName required), up to 10,000 rows and 1 MB, sent as text/csv, as JSON {csv} or as a multipart form's file field. Each row is added, updated or rejected with the reason; an import whose new domains would pass the portfolio's limit stores nothing (409).
         */
        post: operations["importUserDomains"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/calendar-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Make the calendar feed's address
         * @description A new secret address of the portfolio's expiry calendar (iCalendar); the previous one stops working. With ?currency= the address names it, and each event's prices are in it (USD without one).
         */
        post: operations["createCalendarFeed"];
        /**
         * Turn the calendar feed off
         * @description Its address stops working.
         */
        delete: operations["revokeCalendarFeed"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/{id}/transfer-verdict": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Is moving this domain worth it, and when
         * @description Staying (renewals at the registrar that holds it) against moving (the transfer, with the year it adds where the TLD adds one, then the new registrar's renewals) over 1, 3 and 5 years, each price with its source and date; and the window: the earliest day the TLD's locks allow, what blocks a move today and the days before the next renewal to start it. 404 when no entry of the caller has this id.
         */
        get: operations["getTransferVerdict"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portfolio/transfer-plan": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The transfer plan
         * @description Every domain worth moving (and any the owner has started moving), grouped by the registrar it moves to, largest 3-year saving first, with the steps and each domain's progress. Each TLD's rule and each price is given once, in rules and quotes, and the domains' verdicts name them by key; a domain's sentence is its own verdict's. A move whose destination the registry now names is marked done, and the domain's history records it.
         */
        get: operations["getTransferPlan"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portfolio/transfer-plan.csv": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The transfer plan as CSV
         * @description One record per planned domain: domain, moves_to, state, verdict, currency, current_renewal, transfer, new_renewal, saving_1_year, saving_3_years, saving_5_years, break_even_year, earliest_date, start_by, blocked_by, transfer_link.
         */
        get: operations["exportTransferPlanCsv"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/portfolio/transfer-plan/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Move a domain on a step
         * @description state: planned, unlocked, code_requested, started, done. The registrar it moves to is the verdict's unless destinationProviderId names one (400 when neither does).
         */
        put: operations["setTransferState"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/{id}/monitoring": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Certificates and DNS of an entry
         * @description The certificate of the apex, www and each extra host (issuer, names, validity, coverage, trust, the failure in words) and the DNS records per type with when they were checked. 404 when no entry of the caller has this id.
         */
        get: operations["getDomainMonitoring"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/{id}/monitoring/hosts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Watch another host's certificate
         * @description A public host name and a port (443 when left out); at most MONITOR_MAX_HOSTS_PER_DOMAIN (20) per entry. A host resolving to a private or loopback address is never connected to. The new host is read within minutes when the caller's Check now allowance (MONITOR_CHECK_NOW_PER_HOUR) has room, which adding it uses; otherwise at the entry's next scheduled check. 409 when it is watched already.
         */
        post: operations["addMonitorHost"];
        /** Stop watching an extra host */
        delete: operations["removeMonitorHost"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/user-domains/{id}/monitoring/check": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Check certificates and DNS now
         * @description Queues a check of this entry (results within a minute). Limited per user (MONITOR_CHECK_NOW_PER_HOUR, 10 an hour): past it a 429 with Retry-After.
         */
        post: operations["checkDomainMonitoringNow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/monitoring/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Certificate reminder days
         * @description Days before a certificate ends when its owner is told (14, 3 and 1 until changed).
         */
        get: operations["getMonitoringSettings"];
        /**
         * Save the certificate reminder days
         * @description 1 to 5 days, each 0 to 90.
         */
        put: operations["updateMonitoringSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/watches": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Watched TLDs
         * @description The user's watches, each with the lowest fresh quote now. A fresh quote of the name's price at or under the target is told once per crossing (kind watched_tld of the notification settings): again only after the price has gone above the target and comes back. Adding or editing a watch evaluates it at once.
         */
        get: operations["listWatches"];
        put?: never;
        /**
         * Watch a TLD
         * @description Watches a catalogue name ("ai", ".ai", "co.uk", an IDN in Unicode or punycode) for a target price; the currency is the user's display currency when left out. At most 50 watches a user; one per name and price. A fresh quote of the name's price at or under the target is told once per crossing (kind watched_tld of the notification settings): again only after the price has gone above the target and comes back. Adding or editing a watch evaluates it at once.
         */
        post: operations["addWatch"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/watches/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a watch
         * @description 404 when no watch of the user has this id.
         */
        delete: operations["removeWatch"];
        options?: never;
        head?: never;
        /**
         * Edit a watch's target
         * @description A new target (and currency: the watch's own when left out); a target the quotes meet is told anew.
         */
        patch: operations["updateWatch"];
        trace?: never;
    };
    "/api/notifications": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notification settings
         * @description The user's channels (addresses and webhooks) and preferences, and whether this server can send e-mail.
         */
        get: operations["getNotificationSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Delivery log
         * @description The user's 50 newest deliveries: what went where, sent or failed with the reason, and when it is tried again.
         */
        get: operations["listDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/preferences": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Save the notification preferences
         * @description Reminder days before expiry, delivery mode per kind, the kinds switched on, the display currency and the renewal price alerts' thresholds.
         */
        put: operations["updateNotificationPreferences"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/channels": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add an e-mail address
         * @description It receives nothing until the link in the confirmation mail sent to it is opened. At most 10 channels a user; the mails sent are limited per hour.
         */
        post: operations["addEmailChannel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Add a webhook or a chat or push service
         * @description format and the fields it asks for: url (generic, ntfy, slack, discord, teams, google_chat); botToken and chatId (telegram); appToken and userKey (pushover); url and appToken (gotify); url (the homeserver), roomId and accessToken (matrix); url (the Apprise API) and either key (a configuration kept there) or urls (apprise). A URL must be a public https address (the server refuses private and reserved addresses). A generic webhook's signing secret is in this answer only; tokens and keys are stored encrypted and never returned. 409 for the same receiver twice or more than 10 channels.
         */
        post: operations["addWebhook"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/channels/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Remove a channel
         * @description 404 when no channel of the user has this id.
         */
        delete: operations["removeChannel"];
        options?: never;
        head?: never;
        /**
         * Switch a channel on or off
         * @description Body: { enabled }.
         */
        patch: operations["setChannelEnabled"];
        trace?: never;
    };
    "/api/notifications/channels/{id}/confirmation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send the confirmation mail again
         * @description For an address not confirmed yet; limited per hour.
         */
        post: operations["resendConfirmation"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/notifications/channels/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a test
         * @description Queues a test notification to a confirmed channel; the delivery log shows how it went.
         */
        post: operations["sendTestNotification"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * General Settings
         * @description The stored settings, the defaults (15 s, 20 rows, every switch on) until an administrator saves.
         */
        get: operations["getGeneralSettings"];
        /**
         * Save the General Settings
         * @description Every field, each one of its choices; a 400 names each bad field. Stored for every administrator and process.
         */
        put: operations["saveGeneralSettings"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/notification-deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Notification delivery failures
         * @description Deliveries that failed, and those stuck sending for over an hour, of every user, the latest attempt first, with counts of the failed ones and of those given up.
         */
        get: operations["listDeliveryFailures"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Ask for a password reset link
         * @description Mails a single-use link (valid one hour; it replaces any earlier one) to the address when an account uses it. The answer is the same whether one does or not. Also takes the sign-in page's form (application/x-www-form-urlencoded), answered with a page.
         */
        post: operations["requestPasswordReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/password-reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Set a new password with a reset link's token
         * @description Uses up the token, sets the password (at least 8 characters, not on the common-password list, not the address), ends every session of the account and revokes its API keys unless keepApiKeys is true; its owner is told by mail, which names the keys that still work. Opening the link (GET with ?token=) shows the form and changes nothing.
         */
        post: operations["resetPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * The signed-in user's account
         * @description Profile, whether it has a password, two-step sign-in state, whether mail can be sent, and the active sessions.
         */
        get: operations["getAccount"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the password
         * @description Needs the current password; every other session of the account ends, this one stays, its API keys are revoked unless keepApiKeys is true, and the owner is told by mail.
         */
        post: operations["changePassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/email": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Change the e-mail address
         * @description Mails a confirmation link (valid 24 hours) to the new address; nothing changes until it is confirmed by POST /api/account/email/confirm, and then the old address is told. The answer is the same when another account uses the address.
         */
        post: operations["requestEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/email/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Confirm a new e-mail address
         * @description Uses up the link's token and moves the account to the new address. Opening the link (GET with ?token=) only shows a button.
         */
        post: operations["confirmEmailChange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/time-zone": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Choose the account's time zone
         * @description The IANA time zone ("Europe/Berlin") moments are written in on the pages, in mails and in the calendar feed; null goes back to the browser's on the pages and UTC in mails and the feed. A zone this server does not know is a 400 that names it.
         */
        put: operations["setTimeZone"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Active sessions
         * @description The signed-in user's sessions, the most recently used first.
         */
        get: operations["listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * Sign one session out
         * @description Ends one of the user's sessions (this one too, when named).
         */
        delete: operations["signOutSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/sessions/sign-out-others": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Sign out everywhere else
         * @description Ends every session of the user but this one.
         */
        post: operations["signOutOtherSessions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/two-factor/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Start setting up two-step sign-in
         * @description A new TOTP secret (RFC 6238: SHA-1, 30 s, 6 digits) with its otpauth:// URI and a QR code (SVG) for an authenticator app; it takes effect once a code confirms it. Needs the password (an account without one: a sign-in within the last 10 minutes, else 403).
         */
        post: operations["beginTwoFactorSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/two-factor/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-step sign-in on
         * @description Confirms the set-up with a code from the app and the password; answers ten single-use recovery codes, shown this once (only their hashes are kept). The owner is told by mail. While administrators must use two-step sign-in, an administrator's rights count from their next sign-in with a code.
         */
        post: operations["confirmTwoFactorSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/two-factor/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Turn two-step sign-in off
         * @description Needs the password (when the account has one) and a code from the app or a recovery code.
         */
        post: operations["turnOffTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/two-factor/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * New recovery codes
         * @description Ten new recovery codes; the old ones stop working. Needs the password and a code.
         */
        post: operations["renewRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/export": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Download my data
         * @description One JSON document (as an attachment) with the profile, the portfolio with its registry records, registrar accounts without credentials, notification channels (without webhook secrets; a webhook's URL as its scheme and host, as the settings page shows it) and preferences, watched TLDs, API keys' names, sessions and the deliveries of the last 90 days; `csv` links the CSV downloads. 5 an hour.
         */
        get: operations["exportAccountData"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/account/delete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Delete my account
         * @description Needs the password (an account without one: confirmEmail, the address typed out) and, with two-step sign-in on, a code. Removes every row of the account in one transaction, cancels its queued jobs and signs it out everywhere.
         */
        post: operations["deleteAccount"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Users
         * @description One page of users by e-mail address, each with its portfolio and registrar-account counts, two-step sign-in, admin and disabled state.
         */
        get: operations["listUsers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/audit-log": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Audit log
         * @description What administrators did to users, the newest first: who, what, when and from which address.
         */
        get: operations["listAuditLog"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/two-factor-policy": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Require two-step sign-in for administrators
         * @description On: an administrator whose session did not sign in with a code (two-step sign-in off, or turned on within that session) acts as an ordinary user (and /api/auth/user says adminNeedsTwoFactor) until they sign in with one.
         */
        put: operations["setTwoFactorPolicy"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/admin": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Make or unmake an administrator
         * @description Never the last administrator who can sign in (409).
         */
        put: operations["setUserAdmin"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/disabled": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /**
         * Disable or enable sign-in
         * @description Disabling ends the user's sessions and revokes its API keys (enabling brings neither back); not yourself, nor the last administrator (409).
         */
        put: operations["setUserDisabled"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/reset-link": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Send a password reset link
         * @description Mails the user a reset link (valid one hour, single use).
         */
        post: operations["sendUserResetLink"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/admin/users/{id}/two-factor/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Reset a user's two-step sign-in
         * @description Turns the user's two-step sign-in off (authenticator and recovery codes deleted), ends their sessions, mails them and writes the audit log. From a shell on the server: npm run admin -- reset-2fa EMAIL.
         */
        post: operations["resetUserTwoFactor"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        /** @description How many TLDs each method covers. */
        RegistryMethodTotals: {
            iana_rdap: number;
            supplement: number;
            operator: number;
            whois: number;
            none: number;
        };
        /** @description Prices in the display currency: on price-list rows and their quotes always (USD unless `currency` names another), elsewhere only when `currency` was given; null when no stored rate converts the quote's currency. */
        PriceDisplay: {
            /** @description The display currency. */
            currency: string;
            /** @description Registration as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
            registrationPrice: string | null;
            /** @description Renewal as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
            renewalPrice: string | null;
            /** @description Transfer as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
            transferPrice: string | null;
            /** @description The quote is in another currency and was converted (ECB reference rate, cross rate via the euro). */
            converted: boolean;
            /**
             * Format: date
             * @description The ECB day whose rates converted it: the newest day quoting both currencies. Null when not converted.
             */
            rateDate: string | null;
        };
        PriceQuote: {
            /** @description Registration as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
            registrationPrice?: string | null;
            /** @description Renewal as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
            renewalPrice?: string | null;
            /** @description Transfer as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
            transferPrice?: string | null;
            currency?: string;
            display?: components["schemas"]["PriceDisplay"] | null;
            /** @description The price checks find a price of this quote unusual (another source differs by more than the set share, renewal or transfer under a quarter of registration, or more than ten times the TLD's median). */
            unusual?: boolean;
            /** @description Why, in plain words; null when usual. */
            unusualReason?: string | null;
        } & {
            [key: string]: unknown;
        };
        /** @description One TLD's lowest USD prices and where each comes from. `prices` holds, per type, the cheapest quote (the one the row's lowest price of that type comes from), not every provider's quote: all of them would make a 20-row page about 576 KB at 60 providers, where these make it about 39 KB. One TLD's quotes are /api/domain-prices/tld/{id}. */
        PriceRow: {
            /** @description The TLD's name without the dot (punycode for an IDN), or a second-level suffix such as co.uk. */
            name: string;
            /** @description The lowest USD registration as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
            registrationPrice: string | null;
            /** @description The lowest USD renewal as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
            renewalPrice: string | null;
            /** @description The lowest USD transfer as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
            transferPrice: string | null;
            /** @constant */
            currency: "USD";
            prices: {
                /** @enum {unknown} */
                type: "registration" | "renewal" | "transfer";
                /** @description The quote's id. */
                id?: number;
                /** @description Registration as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                registrationPrice: string | null;
                /** @description Renewal as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                renewalPrice: string | null;
                /** @description Transfer as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                transferPrice: string | null;
                currency?: string;
                /**
                 * Format: date-time
                 * @description When a source last confirmed the quote.
                 */
                lastCheckedAt?: string;
                /** @description Not confirmed within the stale window. */
                isStale?: boolean;
                serviceProvider: {
                    id: number;
                    name: string;
                    domain: string;
                    logoUrl: string | null;
                };
            }[];
            /** @description Active providers quoting the TLD. */
            providerCount?: number;
            /**
             * Format: date-time
             * @description The newest check among the TLD's quotes.
             */
            lastCheckedAt?: string;
            /** @description Every quote of the TLD is stale. */
            isStale?: boolean;
            sources?: {
                registration: {
                    serviceProvider: {
                        id: number;
                        name: string;
                    };
                    /**
                     * Format: date-time
                     * @description When a source last confirmed that quote.
                     */
                    lastCheckedAt: string;
                    /** @description That quote was not confirmed within the stale window (no fresh quote has the price). */
                    isStale: boolean;
                    /** @description The price is more than 20 times the median of the name's USD quotes of that figure; sorted after the ordinary prices. */
                    isOutlier: boolean;
                    /** @description The price checks find this price unusual: it is the lowest only because every quote of it is (usual prices head the row before unusual ones). */
                    unusual?: boolean;
                    /** @description Why, in plain words; null when usual. */
                    unusualReason?: string | null;
                } | null;
                renewal: {
                    serviceProvider: {
                        id: number;
                        name: string;
                    };
                    /**
                     * Format: date-time
                     * @description When a source last confirmed that quote.
                     */
                    lastCheckedAt: string;
                    /** @description That quote was not confirmed within the stale window (no fresh quote has the price). */
                    isStale: boolean;
                    /** @description The price is more than 20 times the median of the name's USD quotes of that figure; sorted after the ordinary prices. */
                    isOutlier: boolean;
                    /** @description The price checks find this price unusual: it is the lowest only because every quote of it is (usual prices head the row before unusual ones). */
                    unusual?: boolean;
                    /** @description Why, in plain words; null when usual. */
                    unusualReason?: string | null;
                } | null;
                transfer: {
                    serviceProvider: {
                        id: number;
                        name: string;
                    };
                    /**
                     * Format: date-time
                     * @description When a source last confirmed that quote.
                     */
                    lastCheckedAt: string;
                    /** @description That quote was not confirmed within the stale window (no fresh quote has the price). */
                    isStale: boolean;
                    /** @description The price is more than 20 times the median of the name's USD quotes of that figure; sorted after the ordinary prices. */
                    isOutlier: boolean;
                    /** @description The price checks find this price unusual: it is the lowest only because every quote of it is (usual prices head the row before unusual ones). */
                    unusual?: boolean;
                    /** @description Why, in plain words; null when usual. */
                    unusualReason?: string | null;
                } | null;
                threeYear: {
                    serviceProvider: {
                        id: number;
                        name: string;
                    };
                    /**
                     * Format: date-time
                     * @description When a source last confirmed that quote.
                     */
                    lastCheckedAt: string;
                    /** @description That quote was not confirmed within the stale window (no fresh quote has the price). */
                    isStale: boolean;
                    /** @description The price is more than 20 times the median of the name's USD quotes of that figure; sorted after the ordinary prices. */
                    isOutlier: boolean;
                    /** @description The price checks find this price unusual: it is the lowest only because every quote of it is (usual prices head the row before unusual ones). */
                    unusual?: boolean;
                    /** @description Why, in plain words; null when usual. */
                    unusualReason?: string | null;
                } | null;
            };
            promo?: components["schemas"]["PriceQuote"] | null;
            display?: (components["schemas"]["PriceDisplay"] & {
                /** @description Registration plus two renewals as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                threeYearPrice?: string | null;
            }) | null;
        } & {
            [key: string]: unknown;
        };
        GeneralSettings: {
            /**
             * @description How often the price log polls while its auto-refresh is on.
             * @enum {unknown}
             */
            autoRefreshSeconds: 5 | 15 | 30 | 60;
            /**
             * @description Rows per page of the price log and the incidents.
             * @enum {unknown}
             */
            itemsPerPage: 10 | 20 | 50 | 100;
            /** @description Off: incident messages to administrators go to their webhooks only. */
            emailNotifications: boolean;
            /** @description Off: administrators are not told of incidents other than a failing price source. */
            systemHealthAlerts: boolean;
            /** @description Off: administrators are not told of incidents of a price source failing fetch after fetch. */
            fetchFailureNotifications: boolean;
        };
        DeliveryFailure: {
            id: number;
            /**
             * @description stuck: still sending more than an hour after its last attempt began.
             * @enum {unknown}
             */
            status: "failed" | "stuck";
            /**
             * Format: date-time
             * @description When its last attempt began (when it was queued, before any).
             */
            at: string;
            /** @description The notification's kind, as in the notification settings. */
            kind: string;
            /** @description The notification's title. */
            title: string;
            channel: {
                /** @enum {unknown} */
                kind: "email" | "webhook";
                /** @description The e-mail address, or the webhook's host only (never its path, query or secret). */
                label: string;
            };
            /** @description The e-mail address of the account the notification belongs to. */
            userEmail: string;
            attempts: number;
            lastError: string | null;
            /**
             * Format: date-time
             * @description When it is tried again; null when failed and given up (and for a stuck one).
             */
            nextRetryAt: string | null;
        };
        /** @description A portfolio entry. */
        UserDomain: {
            id: number;
            domainName: string;
            /** @description The TLD's (or second-level suffix's) name, as the form enters it: com, co.uk. */
            tldId: string;
            /** @description The registrar the domain is held at; null when not given. */
            serviceProviderId: number | null;
            registrationDate: string | null;
            expirationDate: string | null;
            autoRenew: boolean;
            notes: string | null;
            tld: {
                id: number;
                name: string;
            } & {
                [key: string]: unknown;
            };
            serviceProvider: ({
                id: number;
                name: string;
            } & {
                [key: string]: unknown;
            }) | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            updatedAt: string;
            pricing: {
                /** @description The renewal price at the domain's own registrar. */
                currentRenewal: ({
                    /** @description An amount as a decimal string in the currency's minor unit ("10.88"). */
                    price: string;
                    currency: string;
                    /**
                     * Format: date-time
                     * @description When a source last confirmed the quote.
                     */
                    lastCheckedAt: string;
                    /** @description Not confirmed within the stale window. */
                    isStale: boolean;
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description The cheapest renewal elsewhere. */
                cheapestRenewal: ({
                    /** @description An amount as a decimal string in the currency's minor unit ("10.88"). */
                    price: string;
                    currency: string;
                    /**
                     * Format: date-time
                     * @description When a source last confirmed the quote.
                     */
                    lastCheckedAt: string;
                    /** @description Not confirmed within the stale window. */
                    isStale: boolean;
                    serviceProvider: {
                        id: number;
                        name: string;
                    } & {
                        [key: string]: unknown;
                    };
                } & {
                    [key: string]: unknown;
                }) | null;
                /** @description USD a year saved by moving, when both quotes are in USD. */
                yearlySaving: string | null;
            } & {
                [key: string]: unknown;
            };
        } & {
            [key: string]: unknown;
        };
        RenewalForecast: {
            currency: string;
            /** Format: date */
            from: string;
            /** Format: date */
            until: string;
            months: ({
                domains: number;
                /** @description At each domain's registrar, its renewal price as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                atRegistrar: string | null;
                /** @description At the cheapest renewal a saving is claimed for as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                atCheapest: string | null;
                /** @description atRegistrar less atCheapest as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                difference: string | null;
                /** Format: date-time */
                registrarPriceCheckedAt?: string | null;
                /** Format: date-time */
                cheapestPriceCheckedAt?: string | null;
                registrarPriceIsStale?: boolean;
                cheapestPriceIsStale?: boolean;
                /** Format: date */
                rateDate?: string | null;
            } & {
                /** @description 2026-11 */
                month?: string;
                registrars?: {
                    domains: number;
                    /** @description At each domain's registrar, its renewal price as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                    atRegistrar: string | null;
                    /** @description At the cheapest renewal a saving is claimed for as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                    atCheapest: string | null;
                    /** @description atRegistrar less atCheapest as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                    difference: string | null;
                    /** Format: date-time */
                    registrarPriceCheckedAt?: string | null;
                    /** Format: date-time */
                    cheapestPriceCheckedAt?: string | null;
                    registrarPriceIsStale?: boolean;
                    cheapestPriceIsStale?: boolean;
                    /** Format: date */
                    rateDate?: string | null;
                }[];
            })[];
            total: {
                domains: number;
                /** @description At each domain's registrar, its renewal price as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                atRegistrar: string | null;
                /** @description At the cheapest renewal a saving is claimed for as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                atCheapest: string | null;
                /** @description atRegistrar less atCheapest as a decimal string in the currency's minor unit ("10.88", "1482" for JPY); null when not offered. */
                difference: string | null;
                /** Format: date-time */
                registrarPriceCheckedAt?: string | null;
                /** Format: date-time */
                cheapestPriceCheckedAt?: string | null;
                registrarPriceIsStale?: boolean;
                cheapestPriceIsStale?: boolean;
                /** Format: date */
                rateDate?: string | null;
            };
            notInTotals: {
                id?: number;
                /** @description ASCII: an IDN as its A-label. */
                domainName?: string;
                /** @description The name as people read it when it is an IDN ("müller.de"), else null. */
                unicodeName?: string | null;
                reason?: string;
            }[];
            expiredCount?: number;
            laterCount?: number;
            /** @description One year's renewal of every domain at its registrar's current price, whenever it falls due (the summary's yearly cost): `counts` says so in words; domains, amount, domainsWithoutPrice, byAutoRenew {on, unknown, off}, possibleSaving. */
            yearOfEveryDomain?: {
                [key: string]: unknown;
            };
            /** @description The year's priced domains in neither of the months' sums: notDue (after the twelfth month, expired or undated), autoRenewOff, departed; each {domains, amount}. */
            notRenewingInTheMonths?: {
                [key: string]: unknown;
            };
            /** @description One sentence saying how the year of every domain and the twelve months' totals add up. */
            reconciliation?: string;
        };
        Watch: {
            id: number;
            tld: {
                id: number;
                name: string;
                unicodeName: string | null;
            };
            /** @enum {unknown} */
            priceKind: "registration" | "renewal" | "transfer";
            /** @description The target price as a decimal string ("70.00"). */
            target: string;
            /** @description The target's currency. */
            currency: string;
            bestQuote: {
                price: string;
                provider: string;
                /**
                 * Format: date-time
                 * @description When a source last confirmed the quote.
                 */
                checkedAt: string;
                /** @description The quote as the provider gives it. */
                quoted: {
                    price?: string;
                    currency?: string;
                };
                /**
                 * Format: date
                 * @description The ECB day it was converted at; null when not converted.
                 */
                rateDate: string | null;
            } | null;
            /** @description That quote is at or under the target. */
            met: boolean;
            /** Format: date-time */
            createdAt: string;
        };
        NotificationChannel: {
            id: number;
            /** @enum {unknown} */
            kind: "email" | "webhook";
            /** @description The address of an e-mail channel. */
            email?: string | null;
            /** @description Where a webhook, or the server of a Gotify, Matrix or Apprise channel, is: the URL's scheme, host and port, with "…" for the rest ("https://hooks.slack.com/…"). The whole URL carries the service's token and is never returned. */
            url?: string | null;
            /** @description The host (and port) of `url`, e.g. "hooks.slack.com". */
            host?: string | null;
            /** @description A webhook's format: generic, ntfy, slack, discord, teams, google_chat, telegram, pushover, gotify, matrix or apprise. */
            format?: string | null;
            /** @description Who receives on a chat or push service: a Telegram chat id, a Matrix room id, an Apprise configuration key, the last four characters of a Pushover user key. Credentials are never returned. */
            target?: string | null;
            enabled?: boolean;
        } & {
            [key: string]: unknown;
        };
        Monitoring: {
            domainId: number;
            domainName: string;
            /**
             * Format: date-time
             * @description The last check.
             */
            lastCheckedAt: string | null;
            /**
             * Format: date-time
             * @description The next check.
             */
            nextCheckAt: string | null;
            certificates: {
                host: string;
                port: number;
                /** @description An extra host's id (to remove it); null for the apex and www. */
                hostId: number | null;
                /** @enum {unknown} */
                state: "not_checked" | "valid" | "invalid";
                /** @description Why it is invalid: expired, not_yet_valid, name_mismatch, untrusted, self_signed, unreachable or refused. */
                reason: string | null;
                /** @description The failure in words. */
                detail: string | null;
                issuer: string | null;
                subjectNames: string[];
                /**
                 * Format: date-time
                 * @description Start of validity.
                 */
                validFrom: string | null;
                /**
                 * Format: date-time
                 * @description End of validity.
                 */
                validTo: string | null;
                /** @description Whole days before it ends. */
                daysLeft: number | null;
                coversName: boolean | null;
                /** @description Chains to a trusted root. */
                trusted: boolean | null;
                /**
                 * Format: date-time
                 * @description The last check.
                 */
                checkedAt: string | null;
            }[];
            dns: {
                /** @enum {unknown} */
                type: "NS" | "A" | "AAAA" | "MX" | "TXT" | "CAA";
                /** @description The confirmed records, normalised and sorted; null before the first answer. */
                records: string[] | null;
                /**
                 * Format: date-time
                 * @description The last look.
                 */
                checkedAt: string | null;
                /**
                 * Format: date-time
                 * @description When these records were first seen.
                 */
                confirmedAt: string | null;
                /** @description A different answer seen once, waiting for the second look that confirms it. */
                pending: {
                    records?: string[];
                    /** Format: date-time */
                    since?: string;
                } | null;
                /** @description Why the last look got no answer (never taken for a change). */
                failure: string | null;
            }[];
            /** @description Extra hosts allowed per domain. */
            maxHosts: number;
        };
        AccountSession: {
            /** @description The session's id (the SHA-256 of its cookie, never the cookie). */
            id: string;
            /** @description Browser and system read from the User-Agent, e.g. "Firefox on Windows". */
            device: string;
            /** @description The client address it was last used from. */
            ip: string | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * Format: date-time
             * @description When it was last used (written at most every 5 minutes).
             */
            lastSeenAt: string;
            /** @description The session of this request. */
            current: boolean;
        };
        AdminUser: {
            id: number;
            email: string;
            firstName: string | null;
            /** Format: date-time */
            createdAt: string;
            /** Format: date-time */
            lastSignInAt: string | null;
            /** @description Portfolio domains. */
            domainCount: number;
            /** @description Connected registrar accounts. */
            accountCount: number;
            twoFactorEnabled: boolean;
            isAdmin: boolean;
            disabled: boolean;
            /** Format: date-time */
            disabledAt: string | null;
        };
        AuditEntry: {
            id: number;
            /** @description The administrator who acted. */
            actorEmail: string;
            /** @description The user acted on; null for a setting. */
            targetEmail: string | null;
            /** @enum {unknown} */
            action: "grant_admin" | "revoke_admin" | "disable" | "enable" | "send_reset_link" | "require_two_factor" | "allow_without_two_factor";
            /** @description The action in words. */
            description: string;
            detail: Record<string, never> | null;
            /** @description The administrator's client address. */
            ip: string | null;
            /** Format: date-time */
            createdAt: string;
        };
    };
    responses: {
        /** @description An error, with a message a person can read and, for bad input, the field-by-field issues. */
        Error: {
            headers: {
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    message: string;
                    issues?: {
                        field?: string;
                        message?: string;
                    }[];
                };
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    listPrices: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Rows per page (at most 100; more is a 400). */
                limit?: number;
                /** @description Column to sort by, or popularity: the common TLDs (com, net, org, io, co) first, then those the most registrars sell. */
                sortBy?: "tldName" | "registrationPrice" | "renewalPrice" | "transferPrice" | "threeYearPrice" | "popularity";
                /** @description Sort direction. */
                sortOrder?: "asc" | "desc";
                /** @description Part of a TLD's name. */
                search?: string;
                /** @description TLD category. */
                category?: "all" | "generic" | "country-code" | "sponsored" | "other";
                /** @description One TLD by name, with or without the dot. */
                tld?: string;
                /** @description Rows to skip; given, it takes the place of page. */
                offset?: number;
                /** @description Display currency (a code from /api/currencies, e.g. EUR): each quote (and list row) also carries `display`, its prices in that currency at the ECB reference rate. An unknown currency is a 400 naming it. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: components["schemas"]["PriceRow"][];
                        total: number;
                        page: number;
                        limit: number;
                        offset: number;
                        totalPages: number;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    listCommonPrices: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies, e.g. EUR): each quote (and list row) also carries `display`, its prices in that currency at the ECB reference rate. An unknown currency is a 400 naming it. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceRow"][];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    listTldPrices: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies, e.g. EUR): each quote (and list row) also carries `display`, its prices in that currency at the ECB reference rate. An unknown currency is a 400 naming it. */
                currency?: string;
                /** @description Quotes per page (at most 200; more is a 400). Given, the answer is one page. */
                limit?: number;
                /** @description Quotes to skip. Given, the answer is one page. */
                offset?: number;
                /** @description The price the page is ordered by: registrationPrice (the default), renewalPrice or transferPrice. */
                sortBy?: "registrationPrice" | "renewalPrice" | "transferPrice";
                /** @description asc (cheapest first, the default) or desc. */
                sortOrder?: "asc" | "desc";
            };
            header?: never;
            path: {
                /** @description A TLD's numeric id or its name, with or without the dot; second-level suffixes such as co.uk too. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceQuote"][];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    listCurrencies: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        code: string;
                        /** Format: date */
                        latestRateDate: string;
                    }[];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    listServiceProviders: {
        parameters: {
            query?: {
                /** @description registrar: ICANN-accredited (has an IANA registrar id); reseller: without one. */
                type?: "registrar" | "reseller";
                /** @description Only providers with a price for this TLD. */
                supports_tld?: string;
                /** @description Only providers based in this country (ISO 3166-1 alpha-2 code, such as US or NL). */
                country?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    }[];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getServiceProvider: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The provider's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    listServiceProviderPrices: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies, e.g. EUR): each quote (and list row) also carries `display`, its prices in that currency at the ECB reference rate. An unknown currency is a 400 naming it. */
                currency?: string;
            };
            header?: never;
            path: {
                /** @description The provider's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PriceQuote"][];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    listRegistryOperators: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id?: number;
                        name?: string;
                        /** @description How many TLDs it runs. */
                        tldCount?: number;
                        /** @description How many of them are country codes. */
                        countryCodeCount?: number;
                        /** @description The ASCII names of its TLDs (punycode for an IDN, e.g. xn--p1ai), in code-unit order. */
                        tlds?: string[];
                        /** @description The Unicode name of each of its TLDs that is an IDN, keyed by the name in tlds ("xn--p1ai": "рф"); other TLDs are absent. */
                        unicodeNames?: {
                            [key: string]: string;
                        };
                    }[];
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getDataStatus: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: date-time */
                        lastUpdated: string | null;
                        isDataUpdate: boolean;
                        /**
                         * Format: date-time
                         * @description The newest successful live fetch.
                         */
                        lastLiveFetch: string | null;
                        /** @description The provider that fetch was for. */
                        provider: string | null;
                        /** Format: date-time */
                        bundledDataInstalledAt: string | null;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getRegistryCoverage: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @description The days the lookup counts cover, today (UTC) included. */
                        days: number;
                        totals: {
                            all: components["schemas"]["RegistryMethodTotals"];
                            countryCode: components["schemas"]["RegistryMethodTotals"];
                        };
                        tlds: {
                            /** @description The ASCII name (punycode for an IDN), without the dot. */
                            tld: string;
                            /** @description The Unicode name of an IDN; null otherwise. */
                            unicodeName: string | null;
                            countryCode: boolean;
                            /** @enum {unknown} */
                            method: "iana_rdap" | "supplement" | "operator" | "whois" | "none";
                            /** @description The RDAP server's or WHOIS server's host; null for none, for a WHOIS server IANA has not been asked about yet, and for a server this site's operator set (not published). */
                            server: string | null;
                            /** @description The server is one this site's operator set. */
                            serverByOperator: boolean;
                            /**
                             * @description yes: answers carry an expiry date; no: the registry leaves it out (from the registry's data or its answers); unknown: not known yet.
                             * @enum {unknown}
                             */
                            publishesExpiry: "yes" | "no" | "unknown";
                            /** @description Lookups of names under the TLD over the period. */
                            lookups: number;
                            /** @description Of those, the ones the registry answered (the name's record, or not registered). */
                            succeeded: number;
                            /** @description succeeded as a whole percentage of lookups; null without lookups. */
                            succeededPercent: number | null;
                        }[];
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getTld: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A TLD's numeric id or its name, with or without the dot; second-level suffixes such as co.uk too. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    /** @description Requests allowed in any 60 minutes for the key (keyed requests only). */
                    "X-RateLimit-Limit"?: number;
                    /** @description Requests the key may make now: the limit less the requests of the last 60 minutes (keyed requests only). */
                    "X-RateLimit-Remaining"?: number;
                    /** @description When every request counted so far has left the 60-minute window and the whole allowance is back, in seconds since the epoch (keyed requests only). */
                    "X-RateLimit-Reset"?: number;
                    /** @description Send it back as If-None-Match to get a 304 while the answer is unchanged. */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description Not modified: the If-None-Match ETag is current. */
            304: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    listUserDomains: {
        parameters: {
            query?: {
                /** @description Page number, from 1. Given, the answer is one page. */
                page?: number;
                /** @description Entries per page (at most 100; more is a 400). Given, the answer is one page. */
                limit?: number;
                /** @description Entries to skip; given, it takes the place of page and the answer is one page. */
                offset?: number;
                /** @description domainName, or expirationDate (entries without one last). */
                sortBy?: "domainName" | "expirationDate";
                /** @description Sort direction. */
                sortOrder?: "asc" | "desc";
                /** @description Part of the domain name (case-insensitive). */
                search?: string;
                /** @description Display currency: each entry's prices are also given in it. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Every entry, or one page of them */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDomain"][] | {
                        data: components["schemas"]["UserDomain"][];
                        /** @description Entries matching the search (all of them without one). */
                        total: number;
                        page: number;
                        limit: number;
                        offset: number;
                        totalPages: number;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    addUserDomain: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    domainName: string;
                    tldId?: string;
                    serviceProviderId?: number | string | null;
                    registrationDate?: string | null;
                    expirationDate?: string | null;
                    autoRenew?: boolean | null;
                    /** @enum {string} */
                    autoRenewState?: "on" | "off" | "unknown";
                    notes?: string | null;
                };
            };
        };
        responses: {
            /** @description Added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDomain"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description Already in the portfolio, or the portfolio is full. */
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getUserDomain: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies): amounts are also given in it. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDomain"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    updateUserDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    domainName?: string;
                    tldId?: string;
                    serviceProviderId?: number | string | null;
                    registrationDate?: string | null;
                    expirationDate?: string | null;
                    autoRenew?: boolean | null;
                    /** @enum {string} */
                    autoRenewState?: "on" | "off" | "unknown";
                    notes?: string | null;
                    useOwnDates?: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDomain"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description Renamed to a domain already in the portfolio. */
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    removeUserDomain: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Removed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        removed: true;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    keepUserDomainAsHandAdded: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDomain"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    checkUserDomainRegistry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserDomain"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
        };
    };
    getUserDomainHistory: {
        parameters: {
            query?: {
                /** @description Events per page (default 20, at most 100; more is a 400). */
                limit?: number;
                /** @description Only events older than this one: the nextBefore of the previous page (an event of this domain, else a 400). */
                before?: number;
            };
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description One page of events */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        events: {
                            id: number;
                            /** @enum {unknown} */
                            category: "registry" | "certificate" | "dns";
                            /** @description registry_check, registrar_changed, transfer_lock_removed, transfer_lock_added, nameservers_changed, status_hold, pending_delete, expiry_moved_back, expiry_extended, certificate_…, dns_changed */
                            kind: string;
                            /** @description host:port of a certificate, the record type of a DNS change; null for the domain itself. */
                            subject: string | null;
                            /** @enum {unknown} */
                            severity: "alarm" | "info";
                            oldValue: unknown;
                            newValue: unknown;
                            /** Format: date-time */
                            occurredAt: string;
                            /** @description What happened, in words. */
                            text: string;
                        }[];
                        nextBefore: number | null;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getUserDomainNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    setUserDomainNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    switches: {
                        [key: string]: "inherit" | "on" | "off";
                    };
                };
            };
        };
        responses: {
            /** @description The switches as now set */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getPortfolioSummary: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies): amounts are also given in it. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getRenewalForecast: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies): amounts are also given in it. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RenewalForecast"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    downloadRenewalForecast: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies): amounts are also given in it. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    downloadRenewalForecastDomains: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies): amounts are also given in it. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getRegistryProgress: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        progress: {
                            /** @description Entries looked up. */
                            checked: number;
                            /** @description Entries changed since the oldest one still waiting. */
                            total: number;
                        } | null;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    exportUserDomains: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies): amounts are also given in it. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    importUserDomains: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "text/csv": string;
                "application/json": {
                    csv: string;
                };
            };
        };
        responses: {
            /** @description Each row's outcome and the totals */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        rows: {
                            [key: string]: unknown;
                        }[];
                        totals: {
                            rows?: number;
                            added?: number;
                            updated?: number;
                            rejected?: number;
                        };
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            /** @description The file is over 1 MB. */
            413: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    createCalendarFeed: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies): amounts are also given in it. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** Format: uri */
                        url: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    revokeCalendarFeed: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        revoked?: true;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getTransferVerdict: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies) every amount is given in. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        domainName: string;
                        currency: string;
                        /**
                         * @description unsure: the saving rests on a stale or unusual price (cautions say which).
                         * @enum {unknown}
                         */
                        verdict: "move" | "stay" | "unsure" | "no_price";
                        /** @description The TLD's transfer rule, with the page it was read from. */
                        rule: {
                            pattern: string;
                            addsYear: boolean;
                            lockAfterRegistrationDays: number;
                            lockAfterTransferDays: number;
                            minDaysBeforeExpiry: number | null;
                            sourceUrl: string;
                            /** Format: date */
                            sourceDate: string;
                            note: string | null;
                            /** @enum {unknown} */
                            origin: "bundled" | "admin";
                        };
                        current: {
                            provider: {
                                id: number;
                                name: string;
                            };
                            renewal: {
                                /** @description In the display currency. */
                                amount: string;
                                price: string;
                                priceCurrency: string;
                                /** @description The registrar that quotes it. */
                                source: string;
                                /** Format: date-time */
                                lastCheckedAt: string;
                                isStale: boolean;
                                /** @description The ECB day it was converted at; null when not converted. */
                                rateDate: string | null;
                                unusual: boolean;
                                unusualReason: string | null;
                            };
                        } | null;
                        destination: {
                            provider: {
                                id: number;
                                name: string;
                            };
                            hasTransferLink: boolean;
                            transfer: {
                                /** @description In the display currency. */
                                amount: string;
                                price: string;
                                priceCurrency: string;
                                /** @description The registrar that quotes it. */
                                source: string;
                                /** Format: date-time */
                                lastCheckedAt: string;
                                isStale: boolean;
                                /** @description The ECB day it was converted at; null when not converted. */
                                rateDate: string | null;
                                unusual: boolean;
                                unusualReason: string | null;
                            };
                            renewal: {
                                /** @description In the display currency. */
                                amount: string;
                                price: string;
                                priceCurrency: string;
                                /** @description The registrar that quotes it. */
                                source: string;
                                /** Format: date-time */
                                lastCheckedAt: string;
                                isStale: boolean;
                                /** @description The ECB day it was converted at; null when not converted. */
                                rateDate: string | null;
                                unusual: boolean;
                                unusualReason: string | null;
                            };
                        } | null;
                        years: {
                            /** @enum {unknown} */
                            years: 1 | 3 | 5;
                            stay: string;
                            move: string;
                            /** @description stay − move; negative when moving costs more. */
                            saving: string;
                        }[];
                        /** @description The first year (1 to 5) after which moving has cost less in total. */
                        breakEvenYear: number | null;
                        savingMinor: number;
                        firstYearSavingMinor: number;
                        cautions: string[];
                        sentence: string;
                        window: {
                            /** Format: date */
                            earliestDate: string;
                            blockers: {
                                code: string;
                                message: string;
                                ownerCanLift: boolean;
                            }[];
                            bestWindow: {
                                /** Format: date */
                                from: string;
                                /** Format: date */
                                until: string | null;
                            } | null;
                            sentence: string;
                        };
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getTransferPlan: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies) every amount is given in. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        currency: string;
                        totals: {
                            domains: number;
                            firstYearSaving: string;
                            threeYearSaving: string;
                        };
                        groups: {
                            destination: {
                                id: number;
                                name: string;
                                hasTransferLink: boolean;
                            };
                            firstYearSaving: string;
                            threeYearSaving: string;
                            domains: {
                                id: number;
                                domainName: string;
                                /** @enum {unknown} */
                                state: "planned" | "unlocked" | "code_requested" | "started" | "done";
                                /** Format: date-time */
                                stateChangedAt: string | null;
                                transferLink: string | null;
                                verdict: {
                                    /**
                                     * @description unsure: the saving rests on a stale or unusual price (cautions say which).
                                     * @enum {unknown}
                                     */
                                    verdict: "move" | "stay" | "unsure" | "no_price";
                                    years: {
                                        /** @enum {unknown} */
                                        years: 1 | 3 | 5;
                                        stay: string;
                                        move: string;
                                        /** @description stay − move; negative when moving costs more. */
                                        saving: string;
                                    }[];
                                    /** @description The first year (1 to 5) after which moving has cost less in total. */
                                    breakEvenYear: number | null;
                                    savingMinor: number;
                                    firstYearSavingMinor: number;
                                    cautions: string[];
                                    window: {
                                        /** Format: date */
                                        earliestDate: string;
                                        blockers: {
                                            code: string;
                                            message: string;
                                            ownerCanLift: boolean;
                                        }[];
                                        bestWindow: {
                                            /** Format: date */
                                            from: string;
                                            /** Format: date */
                                            until: string | null;
                                        } | null;
                                        sentence: string;
                                    };
                                    /** @description The pattern of the TLD's rule in the plan's rules. */
                                    ruleId: string;
                                    current: {
                                        provider: {
                                            id: number;
                                            name: string;
                                        };
                                        /** @description The key of the renewal where it is in the plan's quotes. */
                                        renewalQuoteId: string;
                                    } | null;
                                    destination: {
                                        provider: {
                                            id: number;
                                            name: string;
                                        };
                                        hasTransferLink: boolean;
                                        /** @description The key of the destination's transfer in the plan's quotes. */
                                        transferQuoteId: string;
                                        /** @description The key of the destination's renewal in the plan's quotes. */
                                        renewalQuoteId: string;
                                    } | null;
                                };
                            }[];
                        }[];
                        notWorthMoving: number;
                        steps: {
                            /** @enum {unknown} */
                            state: "planned" | "unlocked" | "code_requested" | "started" | "done";
                            title: string;
                            text: string;
                        }[];
                        /** @description The transfer rules the verdicts name, by pattern (their ruleId). */
                        rules: {
                            [key: string]: {
                                pattern: string;
                                addsYear: boolean;
                                lockAfterRegistrationDays: number;
                                lockAfterTransferDays: number;
                                minDaysBeforeExpiry: number | null;
                                sourceUrl: string;
                                /** Format: date */
                                sourceDate: string;
                                note: string | null;
                                /** @enum {unknown} */
                                origin: "bundled" | "admin";
                            };
                        };
                        /** @description The prices the verdicts name, by key (their renewalQuoteId and transferQuoteId), each given once. */
                        quotes: {
                            [key: string]: {
                                /** @description In the display currency. */
                                amount: string;
                                price: string;
                                priceCurrency: string;
                                /** @description The registrar that quotes it. */
                                source: string;
                                /** Format: date-time */
                                lastCheckedAt: string;
                                isStale: boolean;
                                /** @description The ECB day it was converted at; null when not converted. */
                                rateDate: string | null;
                                unusual: boolean;
                                unusualReason: string | null;
                            };
                        };
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    exportTransferPlanCsv: {
        parameters: {
            query?: {
                /** @description Display currency (a code from /api/currencies) every amount is given in. USD when left out; an unknown one is a 400. */
                currency?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description CSV */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/csv": string;
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    setTransferState: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    state: "planned" | "unlocked" | "code_requested" | "started" | "done";
                    destinationProviderId?: number;
                };
            };
        };
        responses: {
            /** @description Stored */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @enum {unknown} */
                        state: "planned" | "unlocked" | "code_requested" | "started" | "done";
                        destinationProviderId: number;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getDomainMonitoring: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitoring"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    addMonitorHost: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    host: string;
                    /** @default 443 */
                    port?: number;
                };
            };
        };
        responses: {
            /** @description Added */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitoring"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    removeMonitorHost: {
        parameters: {
            query?: {
                /** @description The extra host's id (hostId in the monitoring answer). */
                hostId?: number;
            };
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitoring"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    checkDomainMonitoringNow: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The portfolio entry's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Monitoring"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
        };
    };
    getMonitoringSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        certificateOffsets: number[];
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    updateMonitoringSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    certificateOffsets: number[];
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        certificateOffsets: number[];
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    listWatches: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Watch"][];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    addWatch: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    tld: string;
                    /** @enum {string} */
                    priceKind: "registration" | "renewal" | "transfer";
                    target: number | string;
                    currency?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Watch"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The name's price is watched already, or the user has 50 watches. */
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    removeWatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The watch's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        removed?: true;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    updateWatch: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The watch's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    target: number | string;
                    currency?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Watch"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    getNotificationSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    listDeliveries: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    }[];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    updateNotificationPreferences: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    reminderOffsets: number[];
                    deliveryModes: {
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        expiry?: "immediate" | "digest";
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        account_trouble?: "immediate" | "digest";
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        operator_incident?: "immediate" | "digest";
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        status_incident?: "immediate" | "digest";
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        watched_tld?: "immediate" | "digest";
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        renewal_price?: "immediate" | "digest";
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        registry_change?: "immediate" | "digest";
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        certificate?: "immediate" | "digest";
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        dns_change?: "immediate" | "digest";
                        /**
                         * @default immediate
                         * @enum {string}
                         */
                        transfer_window?: "immediate" | "digest";
                    };
                    enabledKinds: ("expiry" | "account_trouble" | "operator_incident" | "status_incident" | "watched_tld" | "renewal_price" | "registry_change" | "certificate" | "dns_change" | "transfer_window")[];
                    currency: string;
                    renewalChangePercent?: number;
                    renewalUndercut?: number | string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    addEmailChannel: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationChannel"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    addWebhook: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    format: "generic" | "ntfy" | "slack" | "discord" | "teams" | "google_chat" | "telegram" | "pushover" | "gotify" | "matrix" | "apprise";
                    url?: string;
                    botToken?: string;
                    chatId?: string;
                    appToken?: string;
                    userKey?: string;
                    roomId?: string;
                    accessToken?: string;
                    key?: string;
                    urls?: string;
                };
            };
        };
        responses: {
            /** @description Created */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    removeChannel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        removed?: true;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    setChannelEnabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    enabled: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationChannel"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description The key's requests of the last 60 minutes reached its limit; Retry-After says how many seconds until the next request fits. */
            429: components["responses"]["Error"];
        };
    };
    resendConfirmation: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["NotificationChannel"];
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
        };
    };
    sendTestNotification: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The channel's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Queued */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveryId: number;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description No session, or a wrong or revoked API key. */
            401: components["responses"]["Error"];
            /** @description The API key can only read: a key with the write scope adds, changes and removes. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            429: components["responses"]["Error"];
        };
    };
    getGeneralSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeneralSettings"];
                };
            };
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
        };
    };
    saveGeneralSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    autoRefreshSeconds: number;
                    itemsPerPage: number;
                    emailNotifications: boolean;
                    systemHealthAlerts: boolean;
                    fetchFailureNotifications: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["GeneralSettings"];
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
        };
    };
    listDeliveryFailures: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Rows per page (at most 100; more is a 400). */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        deliveries: components["schemas"]["DeliveryFailure"][];
                        counts: {
                            /** @description Deliveries whose last attempt failed. */
                            failed: number;
                            /** @description Of those, the ones with no retry due. */
                            givenUp: number;
                            /** @description Deliveries sending for over an hour. */
                            stuck: number;
                        };
                        page: number;
                        pageSize: number;
                        /** @description failed + stuck: the rows over all pages. */
                        total: number;
                        totalPages: number;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
        };
    };
    requestPasswordReset: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description OK */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        message: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description Too many requests for this address (3 an hour) or from this client (10 an hour); Retry-After says how many seconds to wait. */
            429: components["responses"]["Error"];
            /** @description This server cannot send e-mail: an administrator gives out reset links (npm run admin -- reset-password EMAIL). */
            503: components["responses"]["Error"];
        };
    };
    resetPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                    password: string;
                    keepApiKeys?: boolean | ("on" | "true" | "false");
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        ok: true;
                        apiKeysRevoked: boolean;
                        keptApiKeys: string[];
                    };
                };
            };
            /** @description A weak password (issues name it), or a link that expired, was replaced or was used. */
            400: components["responses"]["Error"];
        };
    };
    getAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        profile: {
                            id: number;
                            email: string;
                            firstName: string | null;
                            isAdmin: boolean;
                            /** Format: date-time */
                            createdAt: string;
                            /** Format: date-time */
                            lastSignInAt: string | null;
                            /** @description The IANA time zone the account chose ("Europe/Berlin"); null: the browser's on the pages, UTC in mails and the calendar feed. */
                            timeZone: string | null;
                        };
                        hasPassword: boolean;
                        singleSignOn: boolean;
                        mailConfigured: boolean;
                        twoFactor: {
                            enabled: boolean;
                            recoveryCodesLeft: number;
                        };
                        sessions: components["schemas"]["AccountSession"][];
                    };
                };
            };
            401: components["responses"]["Error"];
        };
    };
    changePassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                    keepApiKeys?: boolean | ("on" | "true" | "false");
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        otherSessionsEnded: true;
                        apiKeysRevoked: boolean;
                        keptApiKeys: string[];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The account signs in with single sign-on and has no password. */
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description Too many password attempts; Retry-After says how many seconds to wait. */
            429: components["responses"]["Error"];
        };
    };
    requestEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    newEmail: string;
                    currentPassword?: string;
                };
            };
        };
        responses: {
            /** @description Sent */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sentTo: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description Too many changes asked for; Retry-After says how many seconds to wait. */
            429: components["responses"]["Error"];
            /** @description This server cannot send e-mail. */
            503: components["responses"]["Error"];
        };
    };
    confirmEmailChange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    token: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        email: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            /** @description Another account took the address meanwhile. */
            409: components["responses"]["Error"];
        };
    };
    setTimeZone: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    timeZone: string | null;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        timeZone: string | null;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
        };
    };
    listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountSession"][];
                };
            };
            401: components["responses"]["Error"];
        };
    };
    signOutSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A session id from the list. */
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        removed: true;
                        current: boolean;
                    };
                };
            };
            401: components["responses"]["Error"];
            404: components["responses"]["Error"];
        };
    };
    signOutOtherSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ended: number;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
        };
    };
    beginTwoFactorSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        secret: string;
                        uri: string;
                        qrSvg: string;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            403: components["responses"]["Error"];
            /** @description Two-step sign-in is on already. */
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
        };
    };
    confirmTwoFactorSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recoveryCodes: string[];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
        };
    };
    turnOffTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        enabled: false;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description Too many wrong codes; Retry-After says how many seconds to wait. */
            429: components["responses"]["Error"];
        };
    };
    renewRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    code: string;
                    password?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        recoveryCodes: string[];
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description Too many wrong codes; Retry-After says how many seconds to wait. */
            429: components["responses"]["Error"];
        };
    };
    exportAccountData: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            401: components["responses"]["Error"];
            /** @description 5 downloads an hour; Retry-After says how many seconds to wait. */
            429: components["responses"]["Error"];
        };
    };
    deleteAccount: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    password?: string;
                    confirmEmail?: string;
                    code?: string;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        deleted: true;
                        cancelledJobs: number;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The account is the last administrator. */
            409: components["responses"]["Error"];
            /** @description The body is not JSON (Content-Type application/json). */
            415: components["responses"]["Error"];
            /** @description Too many wrong passwords or codes; Retry-After says how many seconds to wait. */
            429: components["responses"]["Error"];
        };
    };
    listUsers: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Rows per page (at most 100; more is a 400). */
                pageSize?: number;
                /** @description Part of an e-mail address or first name. */
                search?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        users: components["schemas"]["AdminUser"][];
                        page: number;
                        pageSize: number;
                        total: number;
                        totalPages: number;
                        requireTwoFactorForAdmins: boolean;
                        mailConfigured: boolean;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
        };
    };
    listAuditLog: {
        parameters: {
            query?: {
                /** @description Page number, from 1. */
                page?: number;
                /** @description Rows per page (at most 100; more is a 400). */
                pageSize?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        entries: components["schemas"]["AuditEntry"][];
                        page: number;
                        pageSize: number;
                        total: number;
                        totalPages: number;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
        };
    };
    setTwoFactorPolicy: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    requireForAdmins: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        requireForAdmins: boolean;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
        };
    };
    setUserAdmin: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    isAdmin: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        isAdmin: boolean;
                        disabled: boolean;
                        /** @description False when it was so already. */
                        changed: boolean;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
        };
    };
    setUserDisabled: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": {
                    disabled: boolean;
                };
            };
        };
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        isAdmin: boolean;
                        disabled: boolean;
                        /** @description False when it was so already. */
                        changed: boolean;
                    };
                };
            };
            400: components["responses"]["Error"];
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            409: components["responses"]["Error"];
        };
    };
    sendUserResetLink: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Sent */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        sentTo: string;
                    };
                };
            };
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description The user is disabled. */
            409: components["responses"]["Error"];
            /** @description This server cannot send e-mail. */
            503: components["responses"]["Error"];
        };
    };
    resetUserTwoFactor: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description The user's id. */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description OK */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        /** @constant */
                        twoFactorEnabled: false;
                    };
                };
            };
            401: components["responses"]["Error"];
            /** @description The signed-in user is not an administrator. */
            403: components["responses"]["Error"];
            404: components["responses"]["Error"];
            /** @description Two-step sign-in is not set up for this user. */
            409: components["responses"]["Error"];
        };
    };
}
