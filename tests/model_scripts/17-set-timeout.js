await new Promise((resolve) => setTimeout(resolve, 100));
return "waited";
