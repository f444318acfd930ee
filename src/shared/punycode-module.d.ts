// The npm `punycode` package ships no types and @types/node only describes the
// deprecated builtin `punycode`, so the subpath we import is declared here.
declare module "punycode/punycode.js" {
  interface Punycode {
    decode(input: string): string;
    encode(input: string): string;
    toASCII(input: string): string;
    toUnicode(input: string): string;
    readonly version: string;
  }
  const punycode: Punycode;
  export default punycode;
}
