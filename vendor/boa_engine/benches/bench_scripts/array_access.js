(function () {
  let testArr = [1, 2, 3, 4, 5];

  let res = testArr[2];

  return res;
})();
