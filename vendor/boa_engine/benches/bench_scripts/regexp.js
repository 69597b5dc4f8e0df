(function () {
  let regExp = new RegExp("hello", "i");

  return regExp.test("Hello World");
})();
