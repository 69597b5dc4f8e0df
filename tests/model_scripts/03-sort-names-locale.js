const names = ["banana", "Äpfel", "apple", "Zebra", "cherry", "éclair"];
return {
  plain: [...names].sort(),
  locale: [...names].sort((a, b) => a.localeCompare(b)),
  german: [...names].sort(new Intl.Collator("de").compare),
};
