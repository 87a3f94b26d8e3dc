// node-polyglot (react-admin's i18n) requires the `object.entries` polyfill, which drags a dozen
// es-abstract helper packages into the entry bundle; every browser we support has Object.entries.
module.exports = function entries(object) {
  return Object.entries(object);
};
