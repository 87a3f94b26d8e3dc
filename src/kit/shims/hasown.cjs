// node-polyglot (react-admin's i18n) requires `hasown`, whose function-bind polyfill would sit in the
// entry bundle; every browser we support has Object.hasOwn.
module.exports = function hasOwn(object, key) {
  return Object.hasOwn(object, key);
};
