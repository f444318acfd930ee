/** Spec section 4: accredited means IANA lists the registrar as 'Accredited' and we know its id. */
export const isAccredited = (provider: { ianaStatus: string | null; ianaId: number | null }): boolean =>
  provider.ianaStatus === "Accredited" && provider.ianaId !== null;

export const ACCREDITED_TEXT = "ICANN Accredited domain registrar with verified quality and compliance standards.";
export const OTHER_TEXT = "Domain registration and management services.";
