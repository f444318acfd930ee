/**
 * RDAP answers shaped like real registries' (for fakes in tests, benchmarks and journeys):
 * Verisign's for a .com name (gTLD profile: upper-case ldhName, RFC 8056 status words, the
 * registrar entity with its IANA id and an abuse contact inside it) and Nominet's for a .uk
 * name (a ccTLD: registrar without an IANA id).
 */
export interface AnswerDates {
  registration: string;
  expiration: string;
  lastChanged: string;
}

export function verisignAnswer(domain: string, dates: AnswerDates, options: { status?: string[]; ianaId?: string; registrar?: string; nameservers?: string[] } = {}) {
  const upper = domain.toUpperCase();
  return {
    objectClassName: "domain",
    handle: "2138514_DOMAIN_COM-VRSN",
    ldhName: upper,
    links: [
      { value: `https://rdap.verisign.com/com/v1/domain/${upper}`, rel: "self", href: `https://rdap.verisign.com/com/v1/domain/${upper}`, type: "application/rdap+json" },
      { value: "https://rdap.markmonitor.com/rdap/domain/" + upper, rel: "related", href: "https://rdap.markmonitor.com/rdap/domain/" + upper, type: "application/rdap+json" },
    ],
    status: options.status ?? [
      "client delete prohibited", "client transfer prohibited", "client update prohibited",
      "server delete prohibited", "server transfer prohibited", "server update prohibited",
    ],
    entities: [
      {
        objectClassName: "entity",
        handle: options.ianaId ?? "292",
        roles: ["registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: options.ianaId ?? "292" }],
        vcardArray: ["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", options.registrar ?? "MarkMonitor Inc."]]],
        entities: [
          {
            objectClassName: "entity",
            roles: ["abuse"],
            vcardArray: ["vcard", [
              ["version", {}, "text", "4.0"], ["fn", {}, "text", ""],
              ["tel", { type: "voice" }, "uri", "tel:+1.2086851750"], ["email", {}, "text", "abusecomplaints@markmonitor.com"],
            ]],
          },
        ],
      },
    ],
    events: [
      { eventAction: "registration", eventDate: dates.registration },
      { eventAction: "expiration", eventDate: dates.expiration },
      { eventAction: "last changed", eventDate: dates.lastChanged },
      { eventAction: "last update of RDAP database", eventDate: "2026-11-26T02:31:48Z" },
    ],
    secureDNS: { delegationSigned: false },
    nameservers: (options.nameservers ?? ["NS1.GOOGLE.COM", "NS2.GOOGLE.COM", "NS3.GOOGLE.COM", "NS4.GOOGLE.COM"]).map((ldhName) => ({ objectClassName: "nameserver", ldhName })),
    rdapConformance: ["rdap_level_0", "icann_rdap_technical_implementation_guide_1", "icann_rdap_response_profile_1"],
    notices: [
      { title: "Terms of Use", description: ["Service subject to Terms of Use."], links: [{ href: "https://www.verisign.com/domain-names/registration-data-access-protocol/terms-service/index.xhtml", type: "text/html" }] },
      { title: "Status Codes", description: ["For more information on domain status codes, please visit https://icann.org/epp"], links: [{ href: "https://icann.org/epp", type: "text/html" }] },
    ],
  };
}

export function nominetAnswer(domain: string, dates: AnswerDates, options: { status?: string[] } = {}) {
  return {
    rdapConformance: ["rdap_level_0", "nominet_level_0"],
    objectClassName: "domain",
    handle: domain,
    ldhName: domain,
    status: options.status ?? ["active", "client transfer prohibited"],
    events: [
      { eventAction: "registration", eventDate: `${dates.registration.slice(0, 10)}T00:00:00Z` },
      { eventAction: "expiration", eventDate: `${dates.expiration.slice(0, 10)}T00:00:00Z` },
      { eventAction: "last changed", eventDate: dates.lastChanged },
    ],
    entities: [
      {
        objectClassName: "entity", handle: "MARKMONITOR", roles: ["registrar"],
        vcardArray: ["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", "Markmonitor Inc. t/a MarkMonitor Inc. [Tag = MARKMONITOR]"]]],
        links: [{ value: "https://www.markmonitor.com", rel: "related", href: "https://www.markmonitor.com", type: "text/html" }],
      },
    ],
    nameservers: ["ns1.google.com", "ns2.google.com"].map((ldhName) => ({ objectClassName: "nameserver", ldhName })),
    secureDNS: { delegationSigned: false },
  };
}

/**
 * DENIC's answer for a .de name (rdap.denic.de): a "last changed" event and no expiration or
 * registration event, no registrar entity, a Unicode name beside the ASCII one.
 */
export function denicAnswer(unicodeName: string, aceName: string, lastChanged: string) {
  return {
    rdapConformance: ["rdap_level_0"],
    objectClassName: "domain",
    handle: aceName,
    ldhName: aceName,
    unicodeName,
    status: ["active"],
    events: [{ eventAction: "last changed", eventDate: lastChanged }],
    nameservers: ["ns1.denic.example", "ns2.denic.example"].map((ldhName) => ({ objectClassName: "nameserver", ldhName })),
    secureDNS: { delegationSigned: false },
    notices: [{ title: "Terms and Conditions", description: ["Data is provided for information purposes only."] }],
  };
}

/** Identity Digital's answer for a ccTLD name it runs (.io, .me, .sh, …): the gTLD profile, with an expiration event. */
export function identityDigitalAnswer(domain: string, dates: AnswerDates) {
  return {
    rdapConformance: ["rdap_level_0", "icann_rdap_response_profile_0", "icann_rdap_technical_implementation_guide_0"],
    objectClassName: "domain",
    handle: "c1a2b3d4e5f6-DONUTS",
    ldhName: domain,
    status: ["client transfer prohibited"],
    events: [
      { eventAction: "registration", eventDate: dates.registration },
      { eventAction: "expiration", eventDate: dates.expiration },
      { eventAction: "last changed", eventDate: dates.lastChanged },
    ],
    entities: [
      {
        objectClassName: "entity", handle: "1068", roles: ["registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: "1068" }],
        vcardArray: ["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", "NameCheap, Inc."]]],
      },
    ],
    nameservers: ["dns1.registrar-servers.com", "dns2.registrar-servers.com"].map((ldhName) => ({ objectClassName: "nameserver", ldhName })),
    secureDNS: { delegationSigned: false },
  };
}

/** SWITCH's answer for a .ch or .li name (rdap.nic.ch, rdap.nic.li): a registration event and no expiration event. */
export function switchAnswer(domain: string, registration: string) {
  return {
    rdapConformance: ["rdap_level_0"],
    objectClassName: "domain",
    ldhName: domain,
    status: ["active"],
    events: [{ eventAction: "registration", eventDate: registration }],
    nameservers: ["ns1.switch.example", "ns2.switch.example"].map((ldhName) => ({ objectClassName: "nameserver", ldhName })),
    secureDNS: { delegationSigned: true },
  };
}

/**
 * CentralNic's answer for a .co or .gl name (rdap.registry.co, rdap.centralnic.com): the gTLD
 * profile, with registration, expiration and last-changed events and the registrar's IANA id.
 */
export function centralNicAnswer(domain: string, dates: AnswerDates) {
  return {
    rdapConformance: ["rdap_level_0", "icann_rdap_response_profile_0", "icann_rdap_technical_implementation_guide_0"],
    objectClassName: "domain",
    handle: "D123456789-CNIC",
    ldhName: domain.toUpperCase(),
    status: ["client transfer prohibited", "server transfer prohibited"],
    events: [
      { eventAction: "registration", eventDate: dates.registration },
      { eventAction: "expiration", eventDate: dates.expiration },
      { eventAction: "last changed", eventDate: dates.lastChanged },
      { eventAction: "last update of RDAP database", eventDate: "2026-11-26T10:00:00.0Z" },
    ],
    entities: [
      {
        objectClassName: "entity", handle: "H1234", roles: ["registrar"],
        publicIds: [{ type: "IANA Registrar ID", identifier: "146" }],
        vcardArray: ["vcard", [["version", {}, "text", "4.0"], ["fn", {}, "text", "GoDaddy.com, LLC"]]],
      },
    ],
    nameservers: ["ns1.centralnic.example", "ns2.centralnic.example"].map((ldhName) => ({ objectClassName: "nameserver", ldhName })),
    secureDNS: { delegationSigned: false },
  };
}
