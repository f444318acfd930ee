/**
 * The most bytes of each outgoing request's answer the server reads (http.ts `maxBytes`): past
 * it the answer is refused without being read further. Each figure is the answer's real size,
 * measured on the bundled data and the loopback fakes that replay it
 * (`npx tsx scripts/measure-answer-sizes.ts`, docs/benchmarks/answer-sizes.md), with room to
 * grow; docs/decisions/039 has the figures.
 */
const KB = 1024;
const MB = 1024 * KB;

export const ANSWER_CAPS = {
  /** One RDAP domain object (RFC 9083). */
  rdapDomain: 1 * MB,
  /** IANA's RDAP bootstrap for domains (dns.json). */
  rdapBootstrap: 4 * MB,
  /** The ECB's daily reference rates (one day's XML). */
  ecbDaily: 1 * MB,
  /** Porkbun's pricing/get (every TLD, JSON). */
  porkbunPrices: 8 * MB,
  /** Openprovider's price sheet as CSV. */
  openproviderSheet: 16 * MB,
  /** Hover's domain-pricing page (HTML carrying the prices as JSON). */
  hoverPage: 16 * MB,
  /** The TLD list behind Namecheap's pricing pages (JSON). */
  namecheapPublicList: 16 * MB,
  /** Namecheap's getPricing for one action (XML, every TLD with every duration). */
  namecheapPricing: 32 * MB,
  /** Dynadot's tld_price (JSON). */
  dynadotPrices: 8 * MB,
  /** NameSilo's getPrices (JSON). */
  namesiloPrices: 8 * MB,
  /** One page of Route 53's ListPrices (JSON, up to 1,000 TLDs: about 250 KB). */
  route53Prices: 4 * MB,
  /** Internet.bs's Account/PriceList/Get (JSON, a row per TLD and operation: about 2,000 rows, 150 KB). */
  internetbsPrices: 8 * MB,
  /** One answer of Gandi's catalogue: its TLD list, or the prices of 50 TLDs (three products each, about 1 KB a product). */
  gandiPrices: 8 * MB,
  /** One answer of DNSimple: a page of 100 TLDs (about 30 KB), or one name's prices. */
  dnsimplePrices: 1 * MB,
  /** One page of Name.com's TLD price list: 100 TLDs (about 400 bytes each). */
  namecomPrices: 1 * MB,
  /** One answer of ResellerClub: the product key list, or every product's customer prices (a few hundred KB). */
  resellerclubPrices: 8 * MB,
  /** One answer of a registrar account API: a page of up to 1,000 domains, or a shorter call. */
  registrarPage: 16 * MB,
} as const;

/** Dynadot lists an account's domains in one answer: room for this many bytes a domain, up to the portfolio limit. */
export const DYNADOT_BYTES_PER_DOMAIN = 2 * KB;
