new Boolean(
  !new Boolean(
    new Boolean(
      !new Boolean(false).valueOf() && new Boolean(true).valueOf(),
    ).valueOf(),
  ).valueOf(),
).valueOf();
