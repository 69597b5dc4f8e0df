// TODO: remove this file
module.exports = function old() {};
