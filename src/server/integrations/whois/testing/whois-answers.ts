/**
 * WHOIS answers shaped like real registries' (for the loopback fake in tests, benchmarks and
 * journeys): Verisign's thin .com record, Identity Digital's .io, GoDaddy Registry's .co,
 * DENIC's .de (no dates but "Changed", no registrar: what its port 43 service discloses),
 * Nominet's multi-line .uk record, and IANA's root zone entry for a TLD, each with the notices
 * that come with them; and each registry's words for a name it does not hold.
 */
export interface WhoisDates {
  registration: string;
  expiration: string;
  lastChanged: string;
}

export interface WhoisRegistrar {
  name: string;
  ianaId: number;
  whoisServer?: string;
  url?: string;
}

const NAMECHEAP: WhoisRegistrar = { name: "NameCheap, Inc.", ianaId: 1068, whoisServer: "whois.namecheap.com", url: "http://www.namecheap.com" };

export function verisignWhois(domain: string, dates: WhoisDates, registrar: WhoisRegistrar = NAMECHEAP): string {
  const upper = domain.toUpperCase();
  return `   Domain Name: ${upper}
   Registry Domain ID: 2336799_DOMAIN_COM-VRSN
   Registrar WHOIS Server: ${registrar.whoisServer ?? "whois.example-registrar.com"}
   Registrar URL: ${registrar.url ?? "http://www.example-registrar.com"}
   Updated Date: ${dates.lastChanged}
   Creation Date: ${dates.registration}
   Registry Expiry Date: ${dates.expiration}
   Registrar: ${registrar.name}
   Registrar IANA ID: ${registrar.ianaId}
   Registrar Abuse Contact Email: abuse@example-registrar.com
   Registrar Abuse Contact Phone: +1.6613102107
   Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited
   Domain Status: clientDeleteProhibited https://icann.org/epp#clientDeleteProhibited
   Name Server: DNS1.REGISTRAR-SERVERS.COM
   Name Server: DNS2.REGISTRAR-SERVERS.COM
   DNSSEC: unsigned
   URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/
>>> Last update of whois database: 2026-11-26T10:02:11Z <<<

For more information on Whois status codes, please visit https://icann.org/epp

NOTICE: The expiration date displayed in this record is the date the
registrar's sponsorship of the domain name registration in the registry is
currently set to expire. This date does not necessarily reflect the expiration
date of the domain name registrant's agreement with the sponsoring
registrar.  Users may consult the sponsoring registrar's Whois database to
view the registrar's reported date of expiration for this registration.

TERMS OF USE: You are not authorized to access or query our Whois
database through the use of electronic processes that are high-volume and
automated except as reasonably necessary to register domain names or
modify existing registrations.
`;
}

export const verisignNotFound = (domain: string) => `No match for "${domain.toUpperCase()}".
>>> Last update of whois database: 2026-11-26T10:02:11Z <<<

NOTICE: The expiration date displayed in this record is the date the
registrar's sponsorship of the domain name registration in the registry is
currently set to expire.
`;

/** Identity Digital's back end (.io, .me, .ai…): the gTLD profile, contacts redacted. */
export function identityDigitalWhois(domain: string, dates: WhoisDates, registrar: WhoisRegistrar = NAMECHEAP): string {
  return `Domain Name: ${domain}
Registry Domain ID: REDACTED
Registrar WHOIS Server: ${registrar.whoisServer ?? "whois.example-registrar.com"}
Registrar URL: ${registrar.url ?? "http://www.example-registrar.com"}
Updated Date: ${dates.lastChanged}
Creation Date: ${dates.registration}
Registry Expiry Date: ${dates.expiration}
Registrar: ${registrar.name}
Registrar IANA ID: ${registrar.ianaId}
Registrar Abuse Contact Email: abuse@example-registrar.com
Registrar Abuse Contact Phone: +1.6613102107
Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited
Registry Registrant ID: REDACTED
Registrant Name: REDACTED
Registrant Organization: Privacy service provided by Withheld for Privacy ehf
Registrant Country: IS
Registrant Email: Please query the RDDS service of the Registrar of Record identified in this output for information on how to contact the Registrant, Admin, or Tech contact of the queried domain name.
Name Server: dns1.registrar-servers.com
Name Server: dns2.registrar-servers.com
DNSSEC: unsigned
URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/
>>> Last update of WHOIS database: 2026-11-26T10:02:11Z <<<

For more information on Whois status codes, please visit https://icann.org/epp

Terms of Use: Access to WHOIS information is provided to assist persons in determining the contents of a domain name registration record in the registry database.
`;
}

export const identityDigitalNotFound = () => "Domain not found.\n\nTerms of Use: Access to WHOIS information is provided to assist persons in determining the contents of a domain name registration record in the registry database.\n";

/** GoDaddy Registry's back end (.co, .us, .biz). */
export function goDaddyRegistryWhois(domain: string, dates: WhoisDates, registrar: WhoisRegistrar = { name: "GoDaddy.com, LLC", ianaId: 146, whoisServer: "whois.godaddy.com", url: "www.godaddy.com" }): string {
  return `Domain Name: ${domain}
Registry Domain ID: D1234567-CO
Registrar WHOIS Server: ${registrar.whoisServer ?? "whois.example-registrar.com"}
Registrar URL: ${registrar.url ?? "www.example-registrar.com"}
Updated Date: ${dates.lastChanged}
Creation Date: ${dates.registration}
Registry Expiry Date: ${dates.expiration}
Registrar: ${registrar.name}
Registrar IANA ID: ${registrar.ianaId}
Registrar Abuse Contact Email: abuse@example-registrar.com
Registrar Abuse Contact Phone: +1.4806242505
Domain Status: clientDeleteProhibited https://icann.org/epp#clientDeleteProhibited
Domain Status: clientRenewProhibited https://icann.org/epp#clientRenewProhibited
Domain Status: clientTransferProhibited https://icann.org/epp#clientTransferProhibited
Domain Status: clientUpdateProhibited https://icann.org/epp#clientUpdateProhibited
Registry Registrant ID: CR123456789
Registrant Name: REDACTED FOR PRIVACY
Name Server: ns1.example.co
Name Server: ns2.example.co
DNSSEC: unsigned
URL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/
>>> Last update of WHOIS database: 2026-11-26T10:02:11Z <<<

For more information on Whois status codes, please visit https://icann.org/epp

The above WHOIS results have been redacted to remove potential personal data.
`;
}

export const goDaddyRegistryNotFound = () => "No Data Found\n\nURL of the ICANN Whois Inaccuracy Complaint Form: https://www.icann.org/wicf/\n>>> Last update of WHOIS database: 2026-11-26T10:02:11Z <<<\n";

const DENIC_NOTICE = `% Restricted rights.
%
% Terms and Conditions of Use
%
% The above data may only be used within the scope of technical or
% administrative necessities of Internet operation or to remedy legal
% problems.
% The use for other purposes, in particular for advertising, is not permitted.
%
% The DENIC whois service on port 43 doesn't disclose any information concerning
% the domain holder, general request and abuse contact.
% This information can be obtained through use of our web-based whois service
% available at the DENIC website:
% http://www.denic.de/en/domains/whois-service/web-whois.html
%
`;

/** DENIC (.de) answers `-T dn,ace <name>` with no expiry, no registration date and no registrar. */
export function denicWhois(unicodeName: string, aceName: string, changed: string): string {
  return `${DENIC_NOTICE}
Domain: ${unicodeName}
${aceName === unicodeName ? "" : `Domain-Ace: ${aceName}\n`}Nserver: ns1.example.net
Nserver: ns2.example.net
Status: connect
Changed: ${changed}
`;
}

export const denicNotFound = (name: string) => `${DENIC_NOTICE}
Domain: ${name}
Status: free
`;

/** DENIC's refusal when asked too often. */
export const denicRateLimited = () => "55000000002 Connection refused; access control limit reached. Please try again later.\n";

/** Nominet (.uk): labelled blocks, dates as "14-Feb-2026". */
export function nominetWhois(domain: string, dates: { registration: string; expiration: string; lastChanged: string }): string {
  return `
    Domain name:
        ${domain}

    Data validation:
        Nominet was able to match the registrant's name and address against a 3rd party data source on 10-Dec-2012

    Registrar:
        Markmonitor Inc. t/a MarkMonitor Inc. [Tag = MARKMONITOR]
        URL: http://www.markmonitor.com

    Relevant dates:
        Registered on: ${dates.registration}
        Expiry date:  ${dates.expiration}
        Last updated:  ${dates.lastChanged}

    Registration status:
        Registered until expiry date.

    Name servers:
        ns1.google.com
        ns2.google.com

    WHOIS lookup made at 10:00:00 26-Nov-2026

--
This WHOIS information is provided for free by Nominet UK the central registry
for .uk domain names. This information and the .uk WHOIS are:

    Copyright Nominet UK 1996 - 2026.
`;
}

/** IANA's root zone database entry for a TLD, as whois.iana.org answers it; `server` null: the entry lists no WHOIS server. */
export function ianaTldAnswer(tld: string, server: string | null, manager = "Example Registry Operator"): string {
  return `% IANA WHOIS server
% for more information on IANA, visit http://www.iana.org
% This query returned 1 object
${server ? `\nrefer:        ${server}\n` : ""}
domain:       ${tld.toUpperCase()}

organisation: ${manager}
address:      1 Example Street
address:      Example City
address:      Example Country

contact:      administrative
name:         Administrative Contact
organisation: ${manager}
e-mail:       admin@nic.${tld}

nserver:      A.NIC.${tld.toUpperCase()} 192.0.2.1
nserver:      B.NIC.${tld.toUpperCase()} 192.0.2.2
ds-rdata:     12345 8 2 0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF0123456789ABCDEF
${server ? `\nwhois:        ${server}\n` : ""}
status:       ACTIVE
remarks:      Registration information: http://www.nic.${tld}/

created:      1997-09-16
changed:      2024-06-25
source:       IANA
`;
}

export const ianaNoSuchTld = () => "% IANA WHOIS server\n% for more information on IANA, visit http://www.iana.org\n%\n% This query returned 0 objects.\n";
