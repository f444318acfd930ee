/**
 * Big registrars list 600+ TLDs; rendering them in steps keeps the page responsive. Measured
 * with Lighthouse on /registrar/1 (619 rows), a first step of 50 instead of 100 took total
 * blocking time from 189 and 93 ms to 86 and 75 ms in alternating runs. The route's loader asks
 * for this many rows first; kept out of the table's module, which the loader would otherwise
 * bring into every page's first load.
 */
export const ROWS_PER_STEP = 50;
