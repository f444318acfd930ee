// Provided by the chakra-global-css plugin in vite.config.ts.
declare module "virtual:chakra-global.css";
