// Stands in for 're2js' in the extension build (wxt.config.ts). Firestore bundles it only to evaluate
// regex functions of pipeline queries on the client; the panel runs no pipeline queries, and Firestore
// catches this error and logs it should one ever run. It saves about a tenth of a signed-in panel's JS.
export const RE2JS = {
  compile(): never {
    throw new Error(
      'Regular expressions in Firestore pipeline queries are not available in the extension.',
    );
  },
};
